import { useLoaderData, useSearchParams } from 'react-router';
import type { AdminReceipt, AdminReceiptList } from '@kiim/contract';
import type { Route } from './+types/receipts';
import { adminApi, screenData } from '../lib/api.ts';
import { attempt } from '../lib/form.ts';
import { ReceiptsScreen } from '../components/Receipts.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { can } from '../lib/nav.ts';
import { useMember } from './layout.tsx';

const STATUSES = new Set(['pending', 'sending', 'done', 'failed']);

/** «Чеки» (permission fiscal.read): the newest receipts of the state in the address (`?status=failed`), or all. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = new URL(request.url).searchParams.get('status') ?? '';
  return screenData<AdminReceiptList>(`/fiscal/receipts${STATUSES.has(status) ? `?status=${status}` : ''}`);
}

/** `intent=retry` (`id`): a failed receipt back in the queue; `intent=close-shift`: the Z-report (fiscal.manage). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (form.get('intent') === 'close-shift') {
    return attempt(() => adminApi<{ closedShift: number | null }>('POST', '/fiscal/shift/close'));
  }
  const id = encodeURIComponent(String(form.get('id')));
  return attempt(() => adminApi<{ receipt: AdminReceipt }>('POST', `/fiscal/receipts/${id}/retry`));
}

/** The screen: actions shown to members who may take them (the owner). */
export default function Receipts() {
  const list = useLoaderData<typeof clientLoader>();
  const [params] = useSearchParams();
  const me = useMember();
  return (
    <ReceiptsScreen list={list} status={params.get('status') ?? ''} canManage={can(me, 'fiscal.manage')} />
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
