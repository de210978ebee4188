import { describe, expectTypeOf, it } from 'vitest';
import {
  can,
  createActClient,
  createMemoryTokenStore,
  fetchTablePage,
  isApiError,
  translate,
} from './index.ts';
import type {
  ActCallOptions,
  ActClient,
  ActInput,
  ActSuccess,
  ApiError,
  MessageKey,
  OtpChallenge,
  PermissionKey,
  Permissions,
  SignedIn,
  TablePage,
  User,
} from './index.ts';

const client: ActClient = createActClient({
  baseUrl: 'http://127.0.0.1:3000/api',
  tokens: createMemoryTokenStore(),
});

describe('the public SDK surface', () => {
  it('types act() from the contract', () => {
    expectTypeOf(client.act('auth_login', { phone: '08123456789', password: 'rahasia123' })).toEqualTypeOf<
      Promise<ActSuccess<OtpChallenge>>
    >();
    expectTypeOf(client.act('auth_verify_otp', { challenge: 'c', code: '123456' })).resolves.toEqualTypeOf<
      ActSuccess<SignedIn>
    >();
    expectTypeOf(client.act('user_check_token')).resolves.toEqualTypeOf<ActSuccess<User>>();
    expectTypeOf<ActInput<'auth_login'>>().toEqualTypeOf<{ phone: string; password: string }>();
  });

  it('refuses wrong acts and fields', () => {
    // @ts-expect-error: no such act
    void client.act('auth_nope', {});
    // @ts-expect-error: a field the act does not take
    void client.act('auth_login', { phone: '0812', password: 'x', remember: true });
    // @ts-expect-error: a missing field
    void client.act('auth_login', { phone: '0812' });
    // @ts-expect-error: a field of the wrong type
    void client.act('auth_login', { phone: 812, password: 'x' });
    // @ts-expect-error: fields are required when the act takes some
    void client.act('auth_login');
  });

  it('takes an AbortSignal as the last argument of act(), actForm() and page()', () => {
    const { signal } = new AbortController();
    expectTypeOf(client.act('user_check_token', {}, { signal })).resolves.toEqualTypeOf<ActSuccess<User>>();
    expectTypeOf(client.act('user_check_token', undefined, { signal })).resolves.toEqualTypeOf<
      ActSuccess<User>
    >();
    expectTypeOf(client.actForm('user_check_token', new FormData(), { signal })).resolves.toEqualTypeOf<
      ActSuccess<User>
    >();
    expectTypeOf(client.act).parameter(2).toEqualTypeOf<ActCallOptions | undefined>();
    void client.page({ act: 'user_check_token' }, 0, { signal });
    // @ts-expect-error: the options hold an AbortSignal
    void client.act('user_check_token', {}, { signal: 'stop' });
  });

  it('types actForm() and page()', () => {
    expectTypeOf(client.actForm('user_check_token', new FormData())).resolves.toEqualTypeOf<
      ActSuccess<User>
    >();
    expectTypeOf(fetchTablePage(client, { act: 'user_check_token' })).resolves.toEqualTypeOf<
      TablePage<User>
    >();
    // @ts-expect-error: the payload names an act
    void client.page({}, 0);
  });

  it('narrows errors with the guards', () => {
    const error: unknown = new Error('x');
    if (isApiError(error)) expectTypeOf(error).toEqualTypeOf<ApiError>();
  });

  it('types permission keys and messages', () => {
    expectTypeOf<'crm.chat.view'>().toExtend<PermissionKey>();
    expectTypeOf<'crm.quick_replay.edit'>().toExtend<PermissionKey>();
    expectTypeOf<'crm.quick_reply.edit'>().not.toExtend<PermissionKey>();
    expectTypeOf<'crm.divisi.add_user'>().toExtend<PermissionKey>();
    expectTypeOf<'crm.label.add_user'>().not.toExtend<PermissionKey>();
    expectTypeOf<Permissions>().toEqualTypeOf<readonly PermissionKey[]>();
    // @ts-expect-error: not a key of the tree
    can([], 'crm.auto_divisi.menu');
    expectTypeOf<'notFound.back'>().toExtend<MessageKey>();
    expectTypeOf(translate('en', 'notFound.back')).toEqualTypeOf<string>();
  });
});
