import { Link, useLocation } from 'react-router';
import type { QuestionAnswer, QuestionPage } from '@kiim/contract';
import { useFeedbackText } from '../../lib/feedback-text.ts';
import { FormAlert } from '../form/Field.tsx';
import { TextAreaField } from '../form/TextAreaField.tsx';
import { signInHref } from '../sign-in/sign-in-url.ts';
import { Pagination } from '../Pagination.tsx';
import { feedbackHref, type FeedbackView } from './feedback-url.ts';
import { useFeedbackForm } from './feedback-reply.ts';
import { useFeedbackDate } from './feedback-dates.tsx';

/** The shop's answers to a question (or «Мы готовим ответ»). */
export function Answers({ answers }: { answers: readonly QuestionAnswer[] }) {
  const dateText = useFeedbackDate();
  const t = useFeedbackText().questions;
  if (answers.length === 0) return <p className="muted">{t.answerPending}</p>;
  return (
    <>
      {answers.map((a) => (
        <div key={a.createdAt + a.text.slice(0, 20)} className="answer" data-testid="answer">
          <p className="answer__head">
            <strong data-ugc>{a.authorName}</strong> <span className="muted">{dateText(a.createdAt)}</span>
          </p>
          <p className="feedback-text" data-ugc>
            {a.text}
          </p>
        </div>
      ))}
    </>
  );
}

/** A page of the product's published questions with the shop's answers, and the pages under them. */
export function QuestionList({ page, view }: { page: QuestionPage; view: FeedbackView }) {
  const dateText = useFeedbackDate();
  const t = useFeedbackText().questions;
  const { pathname } = useLocation();
  if (page.total === 0) return <p className="muted">{t.none}</p>;
  return (
    <>
      <ul className="question-list">
        {page.items.map((q) => (
          <li key={q.id} className="question" data-testid="question">
            <p className="question__head">
              <strong data-ugc>{q.authorName}</strong>{' '}
              <span className="muted">{dateText(q.publishedAt)}</span>
            </p>
            <p className="feedback-text question__text" data-ugc>
              {q.text}
            </p>
            <Answers answers={q.answers} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        href={(p) => feedbackHref(pathname, view, { questionsPage: p }, 'questions')}
      />
    </>
  );
}

/**
 * «Задать вопрос» (issue 10): a signed-in customer's question goes to the page's action (read with the contract's
 * `QuestionForm`, then `POST /api/question/create`) and waits for moderation; a visitor gets the sign-in dialog.
 */
export function AskForm({ slug, signedIn }: { slug: string; signedIn: boolean }) {
  const t = useFeedbackText().questions;
  const location = useLocation();
  const { fetcher, reply, busy } = useFeedbackForm('ask');
  if (!signedIn)
    return (
      <p className="ask-sign-in">
        <Link
          to={signInHref(location, `${location.pathname}#questions`)}
          preventScrollReset
          data-testid="ask-sign-in"
        >
          {t.signIn}
        </Link>
        {t.signInToAsk}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      className="stack ask-form"
      noValidate
      preventScrollReset
      data-testid="ask-form"
      key={reply?.ok ? reply.at : 'ask'}
    >
      <h3>{t.askTitle}</h3>
      <input type="hidden" name="intent" value="ask" />
      <input type="hidden" name="form" value="ask" />
      <input type="hidden" name="productSlug" value={slug} />
      {reply?.ok && (
        <p className="notice" role="status" data-testid="question-sent">
          {t.sent}
        </p>
      )}
      <FormAlert
        message={reply && !reply.ok ? (reply.errors._form ?? reply.errors.productSlug) : undefined}
      />
      <TextAreaField
        label={t.askField}
        name="text"
        hint={t.askHint}
        rows={3}
        defaultValue={reply && !reply.ok ? reply.values.text : ''}
        error={reply?.errors.text}
      />
      <button type="submit" className="button" disabled={busy}>
        {t.send}
      </button>
    </fetcher.Form>
  );
}
