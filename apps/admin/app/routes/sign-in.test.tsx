// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignIn, { clientAction, clientLoader } from './sign-in.tsx';

// The sign-in screen's two steps (decision 014): e-mail and password, then the authenticator's code or a recovery
// code, against a stubbed staff API (`fetch`): what each session stage shows, where it leads, and the messages.

type Answer = { status: number; body: unknown };
const ok = (data: unknown): Answer => ({ status: 200, body: { data } });
const refusal = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message },
});

/** Stubs `fetch` with answers by "METHOD path"; records every call with its JSON body. */
function stubApi(answers: Record<string, Answer | Answer[]>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url.replace('/api/admin', '')}`;
    calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const queued = answers[key];
    const answer = Array.isArray(queued) ? queued.shift() : queued;
    if (!answer) throw new Error(`unexpected call ${key}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const signedOut = refusal(401, 401, 'Войдите в панель управления');
const stage = (s: 'second_factor' | 'enrolment' | 'signed_in') => ok({ stage: s, staff: null });

/** Renders the screen at `/sign-in` (with `search`) beside stand-ins of where it leads. */
function renderAt(search = '') {
  const Stub = createRoutesStub([
    {
      path: '/sign-in',
      Component: SignIn as never,
      loader: clientLoader as never,
      action: clientAction as never,
      HydrateFallback: () => null,
    },
    { path: '/', Component: () => <p>Главная панели</p> },
    { path: '/orders', Component: () => <p>Заказы</p> },
    { path: '/security', Component: () => <p>Настройка второго фактора</p> },
  ]);
  render(<Stub initialEntries={[`/sign-in${search}`]} />);
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('back office sign-in', () => {
  it('asks a signed-out visitor for e-mail and password', async () => {
    stubApi({ 'GET /session': signedOut });
    renderAt();
    expect(await screen.findByLabelText('Электронная почта')).toBeTruthy();
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
    expect(screen.queryByLabelText('Код из приложения-аутентификатора')).toBeNull();
  });

  it('goes straight to the code when the session waits for the second factor', async () => {
    stubApi({ 'GET /session': stage('second_factor') });
    renderAt();
    expect(await screen.findByLabelText('Код из приложения-аутентификатора')).toBeTruthy();
    expect(screen.queryByLabelText('Пароль')).toBeNull();
  });

  it('sends an already signed-in member onward to the page they came for', async () => {
    stubApi({ 'GET /session': stage('signed_in') });
    renderAt('?next=/orders');
    expect(await screen.findByText('Заказы')).toBeTruthy();
  });

  it('refuses an empty form in the browser without calling the API', async () => {
    const calls = stubApi({ 'GET /session': signedOut });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]').length).toBe(2));
    expect(calls.filter((c) => !c.key.startsWith('GET'))).toEqual([]);
  });

  it('shows the API’s refusal of a wrong password and stays on the password step', async () => {
    stubApi({
      'GET /session': signedOut,
      'POST /session': refusal(401, 401, 'Неверная почта или пароль'),
    });
    renderAt();
    await screen.findByLabelText('Электронная почта');
    type('Электронная почта', 'owner@kiim.kz');
    type('Пароль', 'wrong-password-123');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверная почта или пароль')).toBeTruthy();
    expect(screen.getByLabelText('Пароль')).toBeTruthy();
  });

  it('takes the password, then the code, then opens the page asked for', async () => {
    const calls = stubApi({
      'GET /session': signedOut,
      'POST /session': stage('second_factor'),
      'POST /session/second-factor': stage('signed_in'),
    });
    renderAt('?next=/orders');
    await screen.findByLabelText('Электронная почта');
    type('Электронная почта', 'owner@kiim.kz');
    type('Пароль', 'correct-horse-battery');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByLabelText('Код из приложения-аутентификатора');
    type(/Код из приложения/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Заказы')).toBeTruthy();
    const posts = calls.filter((c) => c.key.startsWith('POST'));
    expect(posts).toEqual([
      { key: 'POST /session', body: { email: 'owner@kiim.kz', password: 'correct-horse-battery' } },
      { key: 'POST /session/second-factor', body: { code: '123456' } },
    ]);
  });

  it('offers a recovery code instead of the app’s and sends it as recoveryCode, dash dropped', async () => {
    const calls = stubApi({
      'GET /session': stage('second_factor'),
      'POST /session/second-factor': stage('signed_in'),
    });
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: /Ввести резервный код/ }));
    expect(screen.queryByLabelText('Код из приложения-аутентификатора')).toBeNull();
    type('Резервный код', 'abcde-23456');
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Главная панели')).toBeTruthy();
    expect(calls.find((c) => c.key.startsWith('POST'))!.body).toEqual({ recoveryCode: 'abcde23456' });
  });

  it('sends a member without a second factor yet to set one up', async () => {
    stubApi({ 'GET /session': signedOut, 'POST /session': stage('enrolment') });
    renderAt();
    await screen.findByLabelText('Электронная почта');
    type('Электронная почта', 'new@kiim.kz');
    type('Пароль', 'correct-horse-battery');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Настройка второго фактора')).toBeTruthy();
  });

  it('never follows a `next` leading off the back office', async () => {
    stubApi({ 'GET /session': stage('signed_in') });
    renderAt('?next=//evil.example/');
    expect(await screen.findByText('Главная панели')).toBeTruthy();
  });
});
