import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostAccounts } from '../../../../domain/post.ts';
import { CLOCK, CONNECTED_ACCOUNTS, type Call, TODAY, makePost, serve } from '../../../test-support/post-fixtures.ts';
import { inTimeZone } from '../../../test-support/time-zone.ts';
import { renderWithData } from '../../../test-support/render.tsx';
import { PublishDialog } from './publish-dialog.tsx';

const VIEWER = {
  id: 'u1',
  email: 'lucia@ferrer.es',
  role: 'customer',
  language: 'en',
  first_name: 'Lucía',
  last_name: 'Ferrer',
  active: true,
  avatar_url: null,
};

function renderDialog({
  post = makePost(),
  accounts = CONNECTED_ACCOUNTS,
  viewer = VIEWER,
  language = 'en',
  mode = 'publish',
  onRequest,
}: {
  post?: Post;
  accounts?: PostAccounts | Promise<PostAccounts>;
  viewer?: typeof VIEWER;
  language?: 'es' | 'en' | 'cat';
  mode?: 'publish' | 'queue';
  onRequest?: (call: Call) => { status: number; body?: unknown } | undefined;
} = {}) {
  const calls = serve(async (call) => {
    const answer = onRequest?.(call);
    if (answer) return answer;
    if (call.url === '/api/session') return { status: 200, body: viewer };
    if (call.url.endsWith('/accounts')) return { status: 200, body: await accounts };
    if (call.method === 'PUT') {
      const body = call.body as { publish_on: string | null; publish_time?: string };
      return {
        status: 200,
        body: {
          ...post,
          state: body.publish_on ? 'scheduled' : 'preview',
          publish_on: body.publish_on,
          publish_time: body.publish_on ? (body.publish_time ?? null) : null,
        },
      };
    }
    if (call.method === 'POST' && call.url.endsWith('/queue'))
      return { status: 200, body: { ...post, state: 'scheduled', publish_on: '2026-06-16', publish_time: '09:30' } };
    return { status: 404 };
  });
  const onClose = vi.fn();
  renderWithData(<PublishDialog opened post={post} clock={CLOCK} clockReadAt={Date.now()} mode={mode} onClose={onClose} />, { language });
  return { calls, onClose };
}

const dateInput = (label = 'Publication date') => screen.getByLabelText(label) as HTMLInputElement;
/** Types into the focused date field: an input event, as each keystroke fires (a change event alone is not what a browser sends). */
const typeDate = (text: string) => {
  fireEvent.focus(dateInput());
  fireEvent.input(dateInput(), { target: { value: text } });
};
const leaveDate = () => fireEvent.blur(dateInput());
const openCalendar = (label?: string) => fireEvent.click(dateInput(label));
/** A button of the open calendar by its accessible name (a day is "20 June 2026"); by label, as role queries are slow on a whole month. */
const calendarButton = async (name: string) => (await screen.findByLabelText(name, { selector: 'button' })) as HTMLButtonElement;
const checkbox = (name: 'Instagram' | 'LinkedIn') => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
const accountsLoaded = () => waitFor(() => expect(checkbox('Instagram').disabled).toBe(false));
/** The time chosen, as the form holds it (HH:MM, 24 h, whatever the language shows). */
const timeValue = () => (document.querySelector('input[name="publish_time"]') as HTMLInputElement).value;
/** Types a time, hours then minutes, each field as its input event carries it. */
const typeTime = (hours: string, minutes: string, labels = { hours: 'Publication time: hours', minutes: 'Publication time: minutes' }) => {
  fireEvent.change(screen.getByLabelText(labels.hours), { target: { value: hours } });
  fireEvent.change(screen.getByLabelText(labels.minutes), { target: { value: minutes } });
};
const SPANISH_TIME = { hours: 'Hora de publicación: horas', minutes: 'Hora de publicación: minutos' };

describe('PublishDialog', () => {
  inTimeZone('America/Los_Angeles');
  afterEach(() => {
    vi.unstubAllGlobals();
    // The notifications' store outlives a test: five shown ones would queue the next.
    notifications.clean();
    notifications.cleanQueue();
  });

  it("starts at the server's today and the studio's time now, says that today publishes at once, and publishes to the chosen account", async () => {
    const { calls, onClose } = renderDialog();
    expect(dateInput().value).toBe('10-06-2026');
    expect(timeValue()).toBe('10:00');
    expect(screen.getByText('If you choose today at a time already past, it is published as soon as you confirm.')).toBeTruthy();
    await accountsLoaded();
    expect(confirm().disabled).toBe(true);

    fireEvent.click(checkbox('Instagram'));
    expect(screen.getByText('It will be published to: estudio.ferrer (Instagram)')).toBeTruthy();
    fireEvent.click(checkbox('LinkedIn'));
    expect(screen.getByText('It will be published to: estudio.ferrer (Instagram), Estudio Ferrer (LinkedIn)')).toBeTruthy();
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      url: '/api/posts/1/schedule',
      method: 'PUT',
      body: { publish_on: TODAY, publish_time: '10:00', networks: { instagram: true, linkedin: true, facebook: false } },
    });
    expect(await screen.findByText('The post is being published now')).toBeTruthy();
  });

  it("offers no day before the server's today in the calendar", async () => {
    renderDialog();
    await accountsLoaded();
    openCalendar();
    expect((await calendarButton('9 June 2026')).disabled).toBe(true);
    expect((await calendarButton('10 June 2026')).disabled).toBe(false);
    expect((await calendarButton('Previous')).disabled).toBe(true);
  });

  it('refuses a typed date earlier than today, keeps it in the field, and clears the networks chosen', async () => {
    renderDialog({ post: makePost({ networks: { instagram: true, linkedin: true, facebook: false } }) });
    await accountsLoaded();
    expect(checkbox('Instagram').checked).toBe(true);
    typeDate('09-06-2026');
    expect(screen.getByText('The publication date cannot be earlier than today')).toBeTruthy();
    expect(screen.queryByText('If you choose today at a time already past, it is published as soon as you confirm.')).toBeNull();
    expect(checkbox('Instagram').checked).toBe(false);
    expect(checkbox('LinkedIn').checked).toBe(false);
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    leaveDate();
    expect(dateInput().value).toBe('09-06-2026');
    expect(screen.getByText('The publication date cannot be earlier than today')).toBeTruthy();
    // Back to a good day from the calendar, the selections stay cleared: they were cleared, not hidden.
    openCalendar();
    fireEvent.click(await calendarButton('20 June 2026'));
    expect(dateInput().value).toBe('20-06-2026');
    expect(screen.queryByText('The publication date cannot be earlier than today')).toBeNull();
    expect(checkbox('Instagram').checked).toBe(false);
    expect(checkbox('Instagram').disabled).toBe(false);
  });

  it('keeps the last whole day while one is being typed, and goes back to it when the typing is left unfinished', async () => {
    renderDialog();
    await accountsLoaded();
    typeDate('21-06-20');
    expect(screen.queryByText('Select a publication date')).toBeNull();
    expect(checkbox('Instagram').disabled).toBe(false);
    leaveDate();
    expect(dateInput().value).toBe('10-06-2026');
    typeDate('30-02-2027');
    leaveDate();
    expect(dateInput().value).toBe('10-06-2026');
  });

  it('asks for a date when it is empty, and then leaves the post in preview without networks', async () => {
    const { calls, onClose } = renderDialog({
      post: makePost({ state: 'scheduled', publish_on: '2026-06-20', publish_time: '18:30', networks: { instagram: true, linkedin: false, facebook: false } }),
    });
    expect(dateInput().value).toBe('20-06-2026');
    await accountsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the date' }));
    expect(dateInput().value).toBe('');
    expect(screen.getByText('Select a publication date')).toBeTruthy();
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(checkbox('Instagram').checked).toBe(false);
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ publish_on: null, networks: { instagram: false, linkedin: false, facebook: false } });
    expect(await screen.findByText('The post stays in preview, without a date')).toBeTruthy();
  });

  it('disables a network the owner has not connected, and says so beside it', async () => {
    renderDialog({ accounts: { ...CONNECTED_ACCOUNTS, linkedin: { connected: false, name: null, picture: null } } });
    await accountsLoaded();
    expect(checkbox('LinkedIn').disabled).toBe(true);
    expect(screen.getByText('LinkedIn is not connected')).toBeTruthy();
    expect(screen.queryByText('Instagram is not connected')).toBeNull();
  });

  it('offers Facebook only to an owner with a Facebook page chosen, and sends it to that page (issue 27)', async () => {
    renderDialog();
    await accountsLoaded();
    expect(screen.queryByRole('checkbox', { name: 'Facebook' })).toBeNull();
    expect(screen.queryByText(/Facebook is not connected/)).toBeNull();
    cleanup();

    const page = { ...CONNECTED_ACCOUNTS, facebook: { connected: true, name: 'Estudio Ferrer Arquitectura', picture: null } };
    const { calls, onClose } = renderDialog({ accounts: page });
    await accountsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Facebook' }));
    expect(screen.getByText('It will be published to: Estudio Ferrer Arquitectura (Facebook)')).toBeTruthy();
    fireEvent.click(confirm());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ networks: { instagram: false, linkedin: false, facebook: true } });
  });

  it('keeps the checkboxes disabled while the accounts load', async () => {
    let release: (accounts: PostAccounts) => void = () => {};
    renderDialog({ accounts: new Promise<PostAccounts>((resolve) => (release = resolve)) });
    expect(screen.getByText('Checking the accounts…')).toBeTruthy();
    expect(checkbox('Instagram').disabled).toBe(true);
    expect(checkbox('LinkedIn').disabled).toBe(true);
    release(CONNECTED_ACCOUNTS);
    await accountsLoaded();
  });

  it('asks for a date when the typed one is deleted', async () => {
    renderDialog({ post: makePost({ networks: { instagram: false, linkedin: true, facebook: false } }) });
    await accountsLoaded();
    typeDate('');
    expect(screen.getByText('Select a publication date')).toBeTruthy();
    expect(checkbox('LinkedIn').checked).toBe(false);
    expect(checkbox('LinkedIn').disabled).toBe(true);
  });

  it('schedules a later day typed as dd-mm-yyyy at the publish hour, with its date and time in the notice', async () => {
    const { calls } = renderDialog();
    await accountsLoaded();
    typeDate('01-07-2026');
    leaveDate();
    expect(dateInput().value).toBe('01-07-2026');
    expect(timeValue()).toBe('09:00');
    fireEvent.click(checkbox('LinkedIn'));
    fireEvent.click(confirm());
    expect(await screen.findByText('Post scheduled for 01-07-2026 at 9:00 AM')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      publish_on: '2026-07-01',
      publish_time: '09:00',
      networks: { instagram: false, linkedin: true, facebook: false },
    });
  });

  it('keeps a time the user typed when the day changes, and sends it', async () => {
    const { calls } = renderDialog();
    await accountsLoaded();
    // 12-hour English: 6:30 in the morning of the time now (10:00 AM).
    typeTime('06', '30');
    expect(timeValue()).toBe('06:30');
    expect((screen.getByLabelText('Publication time: hours') as HTMLInputElement).value).toBe('06');
    expect((screen.getByLabelText('Publication time: AM or PM') as HTMLInputElement).value).toBe('AM');
    typeDate('02-07-2026');
    leaveDate();
    expect(timeValue()).toBe('06:30');
    fireEvent.click(checkbox('Instagram'));
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        publish_on: '2026-07-02',
        publish_time: '06:30',
        networks: { instagram: true, linkedin: false, facebook: false },
      }),
    );
  });

  it('refuses a time of today inside the lock margin, and schedules one beyond it for today', async () => {
    const { calls } = renderDialog({ language: 'es' });
    await waitFor(() => expect(checkbox('Instagram').disabled).toBe(false));
    fireEvent.click(checkbox('Instagram'));
    typeTime('10', '10', SPANISH_TIME);
    expect(timeValue()).toBe('10:10');
    expect(screen.getByText('La hora debe ser más de 15 minutos posterior a ahora')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
    typeTime('18', '30', SPANISH_TIME);
    expect(timeValue()).toBe('18:30');
    expect(screen.queryByText('La hora debe ser más de 15 minutos posterior a ahora')).toBeNull();
    expect(screen.queryByText('La fecha es hoy: se publicará en cuanto confirmes.')).toBeNull();
    // A later time today is not "at once": the notice says when (issue 29).
    expect(screen.getByText('Se publicará hoy a las 18:30, no al confirmar.')).toBeTruthy();
    expect(screen.queryByText('Si eliges hoy a una hora ya pasada, se publicará en cuanto confirmes.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Publicación programada para el 10-06-2026 a las 18:30')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      publish_on: TODAY,
      publish_time: '18:30',
      networks: { instagram: true, linkedin: false, facebook: false },
    });
  });

  it('says why "add to queue" and confirm wait: no network chosen', async () => {
    renderDialog({ language: 'es' });
    await accountsLoaded();
    expect((screen.getByRole('button', { name: 'Añadir a la cola' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('publish-needs-network').textContent).toBe('Elige al menos una red para programarla o añadirla a la cola.');
    fireEvent.click(checkbox('LinkedIn'));
    expect(screen.queryByTestId('publish-needs-network')).toBeNull();
    expect((screen.getByRole('button', { name: 'Añadir a la cola' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks an explicit yes before a network that has the post from an earlier round, and sends it (decision 028)', async () => {
    const post = makePost({
      published_before: [{ network: 'instagram', target_name: 'estudio.ferrer', permalink: null, published_at: '2026-06-02T09:00:00Z' }],
    });
    const { calls } = renderDialog({ post });
    await accountsLoaded();
    expect(screen.getByText('This post is already on Instagram since 02-06-2026: if you choose it, it will be there twice.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Yes, publish it on Instagram again' })).toBeNull();
    fireEvent.click(checkbox('Instagram'));
    expect(screen.getByText('Confirm that you want to publish it on Instagram again, or untick that network.')).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add to queue' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Yes, publish it on Instagram again' }));
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        publish_on: TODAY,
        publish_time: '10:00',
        networks: { instagram: true, linkedin: false, facebook: false },
        republish: { instagram: true },
      }),
    );
  });

  it("asks the yes for the facts the chosen network's text states that the project does not hold, and sends it (issue 24)", async () => {
    const fact = (text: string, start: number) => ({ kind: 'number' as const, text, start, end: start + text.length });
    const post = makePost({
      linkedin_text: 'Una casa de 220 m².',
      unsupported_facts: { instagram: [], linkedin: [fact('220 m²', 12)] },
    });
    const { calls } = renderDialog({ post });
    await accountsLoaded();
    fireEvent.click(checkbox('Instagram'));
    // Instagram's text keeps to the project: nothing to confirm.
    expect(screen.queryByTestId('facts-notice')).toBeNull();
    fireEvent.click(checkbox('LinkedIn'));
    const notice = screen.getByTestId('facts-notice');
    expect(notice.textContent).toContain('1 fact not in the project');
    expect(notice.querySelector('mark')?.textContent).toBe('220 m²');
    expect(confirm().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I checked these facts and want to publish them' }));
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        publish_on: TODAY,
        publish_time: '10:00',
        networks: { instagram: true, linkedin: true, facebook: false },
        confirm_facts: true,
      }),
    );
  });

  it('does not ask about facts confirmed before', async () => {
    const post = makePost({
      unsupported_facts: { instagram: [{ kind: 'number', text: '220 m²', start: 0, end: 6 }], linkedin: [] },
      facts_confirmed: ['220 m²'],
    });
    renderDialog({ post });
    await accountsLoaded();
    fireEvent.click(checkbox('Instagram'));
    expect(screen.queryByTestId('facts-notice')).toBeNull();
    expect(confirm().disabled).toBe(false);
  });

  it('does not ask again for a network the post is already scheduled to', async () => {
    const post = makePost({
      state: 'scheduled',
      publish_on: '2026-07-01',
      publish_time: '18:30',
      networks: { instagram: true, linkedin: false, facebook: false },
      published_before: [{ network: 'instagram', target_name: null, permalink: null, published_at: null }],
    });
    renderDialog({ post });
    await accountsLoaded();
    expect(screen.queryByText(/already on Instagram/)).toBeNull();
    expect(confirm().disabled).toBe(false);
  });

  it('publishes at once a time of today already past, and says so', async () => {
    renderDialog({ language: 'es' });
    await waitFor(() => expect(checkbox('Instagram').disabled).toBe(false));
    fireEvent.click(checkbox('Instagram'));
    typeTime('08', '00', SPANISH_TIME);
    expect(screen.getByText('La fecha es hoy: se publicará en cuanto confirmes.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s refusal of the time under the time, with the margin in words', async () => {
    renderDialog({
      post: makePost({ networks: { instagram: true, linkedin: false, facebook: false } }),
      onRequest: (call) =>
        call.method === 'PUT'
          ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Too soon', details: { publish_time: 'publishTimeTooSoon' } } } }
          : undefined,
    });
    await accountsLoaded();
    typeTime('11', '00');
    fireEvent.click(confirm());
    expect(await screen.findByText('The time must be more than 15 minutes from now')).toBeTruthy();
  });

  it('adds the post to the queue with the chosen networks, and says where it went', async () => {
    const { calls, onClose } = renderDialog();
    await accountsLoaded();
    const queue = screen.getByRole('button', { name: 'Add to queue' }) as HTMLButtonElement;
    expect(queue.disabled).toBe(true);
    fireEvent.click(checkbox('LinkedIn'));
    fireEvent.click(queue);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      url: '/api/posts/1/queue',
      method: 'POST',
      body: { networks: { instagram: false, linkedin: true, facebook: false } },
    });
    expect(await screen.findByText('Added to the queue: 16-06-2026 at 9:30 AM')).toBeTruthy();
  });

  it('asks only for the networks in the queue dialog, and explains a queue without slots', async () => {
    const { onClose } = renderDialog({
      mode: 'queue',
      language: 'es',
      post: makePost({ networks: { instagram: true, linkedin: false, facebook: false } }),
      onRequest: (call) => (call.method === 'POST' ? { status: 409, body: { error: { code: 'QUEUE_HAS_NO_SLOTS', message: 'No slots' } } } : undefined),
    });
    expect(screen.queryByLabelText('Fecha de publicación')).toBeNull();
    expect(screen.queryByText('Hora de publicación')).toBeNull();
    await waitFor(() => expect(checkbox('Instagram').checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Añadir a la cola' }));
    expect((await screen.findByText(/No hay franjas en la cola semanal/)).closest('[role="alert"]')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and reads the accounts again when a network was disconnected meanwhile", async () => {
    const { calls, onClose } = renderDialog({
      onRequest: (call) => (call.method === 'PUT' ? { status: 409, body: { error: { code: 'SOCIAL_NOT_CONNECTED', message: 'Not connected' } } } : undefined),
    });
    await accountsLoaded();
    fireEvent.click(checkbox('Instagram'));
    fireEvent.click(confirm());
    expect((await screen.findByText('The social network is not connected')).closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/accounts'))).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows each reason of a refusal on its own line', async () => {
    renderDialog({
      language: 'es',
      onRequest: (call) =>
        call.method === 'PUT'
          ? {
              status: 409,
              body: {
                error: {
                  code: 'SOCIAL_NOT_CONNECTED',
                  message: 'Not connected',
                  details: { instagram: 'noInstagramConnection', linkedin: 'noLinkedInConnection' },
                },
              },
            }
          : undefined,
    });
    await waitFor(() => expect(checkbox('Instagram').disabled).toBe(false));
    fireEvent.click(checkbox('Instagram'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((candidate) => candidate.textContent?.startsWith('Instagram'))).toBe(true));
    const alert = screen.getAllByRole('alert').find((candidate) => candidate.textContent?.startsWith('Instagram'))!;
    expect(alert.textContent).toBe('Instagram no está conectado\nLinkedIn no está conectado');
    expect(alert.getAttribute('style')).toContain('pre-line');
  });

  it('schedules a day chosen in the next month of the calendar, sent as that very day', async () => {
    const { calls } = renderDialog();
    await accountsLoaded();
    openCalendar();
    fireEvent.click(await calendarButton('Next'));
    fireEvent.click(await calendarButton('1 July 2026'));
    expect(dateInput().value).toBe('01-07-2026');
    fireEvent.click(checkbox('Instagram'));
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        publish_on: '2026-07-01',
        publish_time: '09:00',
        networks: { instagram: true, linkedin: false, facebook: false },
      }),
    );
  });

  it('names the months and weekdays of the calendar in the interface language', async () => {
    renderDialog({ language: 'es' });
    expect(dateInput('Fecha de publicación').value).toBe('10-06-2026');
    openCalendar('Fecha de publicación');
    expect(await screen.findByText('junio 2026')).toBeTruthy();
    expect(screen.getByText('lu')).toBeTruthy();
    expect(await calendarButton('20 junio 2026')).toBeTruthy();
  });

  it('names them in Catalan too', async () => {
    renderDialog({ language: 'cat' });
    openCalendar('Data de publicació');
    expect(await screen.findByText('Juny 2026')).toBeTruthy();
    expect(screen.getByText('Dl')).toBeTruthy();
  });

  it("says whose accounts are used when an admin publishes a customer's post", async () => {
    renderDialog({ viewer: { ...VIEWER, id: 'admin', role: 'admin' } });
    expect(await screen.findByText('The accounts of Lucía Ferrer, who owns the post, are used.')).toBeTruthy();
  });
});
