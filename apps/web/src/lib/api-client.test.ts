import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render.tsx';
import { ApiError, apiMultipart, apiRequest } from './api-client.ts';
import { fetchSession } from './session.ts';

describe('apiRequest', () => {
  it('sends the stored token and the current language', async () => {
    localStorage.setItem('token', 'jwt-1');
    const fetchSpy = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await apiRequest('/users/me', { query: { _start: 0, _q: undefined } });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me?_start=0&locale=en');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-1');
  });

  it('throws an ApiError carrying the server body and its field errors', async () => {
    const body = { statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED', message: 'bad', errors: { email: ['EMAIL_TAKEN'] } };
    mockFetch(() => ({ status: 400, body }));
    const error = await apiRequest('/auth/local/register', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(body);
  });

  it('sends multipart data as a JSON part and files under files.<name>', async () => {
    const calls = mockFetch(() => ({ body: {} }));
    const avatar = new File(['x'], 'me.png', { type: 'image/png' });
    await apiMultipart('/users/profile', { firstName: 'Ada' }, { avatar });
    const form = calls[0]!.body as FormData;
    expect(calls[0]!.method).toBe('PUT');
    expect(JSON.parse(String(form.get('data')))).toEqual({ firstName: 'Ada' });
    expect((form.get('files.avatar') as File).name).toBe('me.png');
  });
});

describe('fetchSession', () => {
  it('asks nothing when no token is stored', async () => {
    const calls = mockFetch(() => ({}));
    expect(await fetchSession()).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('clears local storage when the current-user call answers 401', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('selectedMillId', '7');
    mockFetch(() => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', code: 'UNAUTHENTICATED', message: 'no' } }));
    expect(await fetchSession()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps storage on other failures', async () => {
    localStorage.setItem('token', 'jwt');
    mockFetch(() => ({ status: 500, body: { statusCode: 500, error: 'x', code: 'INTERNAL', message: 'x' } }));
    await expect(fetchSession()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBe('jwt');
  });
});
