import { Form, Link, useNavigation } from 'react-router';

/**
 * A row's buttons on the city, category and brand screens (issue 27): up and down (ordered lists), change (opens
 * the form with `?edit={id}`), show or hide, delete after a confirmation naming the row.
 */
export function StructureRow({
  id,
  name,
  hidden,
  movable,
  first,
  last,
}: {
  id: number;
  name: string;
  hidden: boolean;
  movable: boolean;
  first?: boolean;
  last?: boolean;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Form
      method="post"
      className="row-actions"
      onSubmit={(e) => {
        const intent = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
        if (intent === 'delete' && !window.confirm(`Удалить «${name}»? Это нельзя отменить.`))
          e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      {movable && (
        <>
          <button
            className="button small secondary"
            name="intent"
            value="up"
            disabled={busy || first}
            aria-label={`«${name}» выше`}
          >
            ↑
          </button>
          <button
            className="button small secondary"
            name="intent"
            value="down"
            disabled={busy || last}
            aria-label={`«${name}» ниже`}
          >
            ↓
          </button>
        </>
      )}
      <Link className="button small secondary" to={`?edit=${id}`}>
        Изменить
      </Link>
      <button
        className="button small secondary"
        name="intent"
        value={hidden ? 'show' : 'hide'}
        disabled={busy}
      >
        {hidden ? 'Показать' : 'Скрыть'}
      </button>
      <button className="button small danger" name="intent" value="delete" disabled={busy}>
        Удалить
      </button>
    </Form>
  );
}
