/**
 * The form kit's answer (shared by server and browser code): what a form's action sends back when it does not go
 * on, or when it saved in place. Messages are the contract's (its zod schemas and rules), the same the API gives.
 */
export interface FormReply {
  /** Which form of the page answered (a page with several, e.g. the profile: `profile`, `password`). */
  form?: string;
  /** True when the form was saved and the page stays (the profile); false for a refusal. */
  ok: boolean;
  /** The first Russian message per field name; `_form` for the whole form. */
  errors: Record<string, string>;
  /** What the shopper typed, to fill the form in again (never passwords or codes). */
  values: Record<string, string>;
  /** Changes with every answer (so a countdown restarts, a saved form starts empty again). */
  at: number;
}

/** The field messages of a reply for one form of the page (none when the reply is another form's). */
export function repliedTo(reply: FormReply | undefined, form?: string): FormReply | undefined {
  return reply && reply.form === form ? reply : undefined;
}
