import { useLoaderData } from 'react-router';
import { JOB_QUEUE_NAME, type AdminSystem } from '@kiim/contract';
import { screenData } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ScreenError } from '../components/ScreenError.tsx';

/** «Система» (permission settings.manage): what the background workers have before them (issue 31 §1). */
export async function clientLoader() {
  return screenData<AdminSystem>('/system');
}

/** A wait in words: «2 ч 5 мин», «40 с»; «—» for an empty queue. */
function age(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} с`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  return `${Math.floor(minutes / 60)} ч ${minutes % 60} мин`;
}

/** The periodic jobs' names as staff see them (job_run names; an unknown one is shown as is). */
const PERIODIC_NAME: Record<string, string> = {
  'payment-sweep': 'Проверка оплат, сроков оплаты и возвратов',
  'exchange-sweep': 'Уборка старых папок обмена с 1С',
};

/** The queues' depth and oldest age, and the periodic jobs' last runs. */
export default function System() {
  const s = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1>Система</h1>
      <p className="hint">
        Очереди фоновой работы магазина: сколько записей ждут обработки и как давно ждёт самая старая. Если
        возраст растёт, а очередь не уменьшается, проверьте, что процессы-обработчики (KIIM_ROLE=worker)
        запущены.
      </p>
      <table className="data-table">
        <caption>Очереди</caption>
        <thead>
          <tr>
            <th scope="col">Очередь</th>
            <th scope="col">Ждут обработки</th>
            <th scope="col">Самая старая ждёт</th>
          </tr>
        </thead>
        <tbody>
          {s.queues.map((q) => (
            <tr key={q.kind}>
              <td>{JOB_QUEUE_NAME[q.kind]}</td>
              <td>{q.depth}</td>
              <td>{age(q.oldestAgeSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="data-table">
        <caption>Периодические задачи</caption>
        <thead>
          <tr>
            <th scope="col">Задача</th>
            <th scope="col">Последний запуск</th>
            <th scope="col">Процесс</th>
          </tr>
        </thead>
        <tbody>
          {s.periodic.length === 0 ? (
            <tr>
              <td colSpan={3}>Ещё не запускались.</td>
            </tr>
          ) : (
            s.periodic.map((j) => (
              <tr key={j.name}>
                <td>{PERIODIC_NAME[j.name] ?? j.name}</td>
                <td>{j.lastRunAt ? formatDateTime(j.lastRunAt) : '—'}</td>
                <td>{j.instance ?? '—'}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <p className="hint">Этот ответ дал процесс с ролью «{s.role}».</p>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
