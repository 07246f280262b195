import { useRouteError } from 'react-router';
import { ErrorPanel } from '../root.tsx';

/** The error page of a screen inside the layout (the navigation stays): «Нет доступа» for a 403. */
export function ScreenError() {
  return <ErrorPanel error={useRouteError()} />;
}
