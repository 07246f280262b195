import { data } from 'react-router';
import { ScreenError } from '../components/ScreenError.tsx';

/** Any other address under /admin: the 404 page inside the layout. */
export function clientLoader(): never {
  throw data('Нет такой страницы', { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ScreenError />;
}
