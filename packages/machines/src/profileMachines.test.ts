import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@sapa/sdk';
import { profileAvatarMachine } from './profileAvatarMachine.ts';
import { avatarProblem, checkPasswordChange, checkPhoneChange, checkProfile } from './profileChecks.ts';
import { profileFormMachine } from './profileFormMachine.ts';
import { profilePasswordMachine } from './profilePasswordMachine.ts';
import { preferencesToApply } from './profilePreferences.ts';
import { createFakeClient } from './paths/fakes.ts';
import { apiError, networkError, user } from './paths/fixtures.ts';
import { flush } from './paths/replay.ts';
import { modelSuite } from './testing/modelSuite.ts';

modelSuite('profileForm', (get) => {
  it('sends profile_update only for a valid form', () => {
    const calls = get().runs.flatMap(({ run }) => run.world.client.calls);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect(call).toEqual({
        name: 'profile_update',
        fields: { name: 'Sari Wulan', language: 'en', theme: 'dark' },
      });
  });
});

modelSuite('profilePassword', (get) => {
  it('never sends an incomplete form', () => {
    for (const call of get().runs.flatMap(({ run }) => run.world.client.calls))
      expect(call.fields).toEqual({ currentPassword: 'rahasia-lama', password: 'rahasia-baru' });
  });
});

modelSuite('profileAvatar', (get) => {
  it('sends only the accepted picture', () => {
    const sets = get()
      .runs.flatMap(({ run }) => run.world.client.calls)
      .filter((call) => call.name === 'profile_avatar_set');
    expect(sets.length).toBeGreaterThan(0);
    for (const call of sets) expect(call.fields).toEqual({ image: 'data:image/png;base64,AAAA' });
  });
});

describe('profile checks', () => {
  it('needs a name, and keeps the chosen language and theme', () => {
    expect(checkProfile({ name: '  Sari  ', language: 'en', theme: null })).toEqual({
      ok: true,
      value: { name: 'Sari', language: 'en', theme: null },
    });
    expect(checkProfile({ name: ' ', language: null, theme: null })).toEqual({
      ok: false,
      fieldErrors: { name: { key: 'validation.name' } },
    });
  });

  it('needs a valid new phone and the password', () => {
    expect(checkPhoneChange({ phone: '0812 3456 7890', password: 'x' })).toEqual({
      ok: true,
      value: { phone: '+6281234567890', password: 'x' },
    });
    expect(checkPhoneChange({ phone: '12', password: '' })).toEqual({
      ok: false,
      fieldErrors: { phone: { key: 'validation.phone' }, password: { key: 'validation.required' } },
    });
  });

  it('needs the current password and a confirmed new one of 8-128', () => {
    expect(checkPasswordChange({ currentPassword: '', password: 'short', confirmPassword: 'other' })).toEqual(
      {
        ok: false,
        fieldErrors: {
          currentPassword: { key: 'validation.required' },
          password: { key: 'validation.passwordLength' },
          confirmPassword: { key: 'validation.passwordMismatch' },
        },
      },
    );
    expect(
      checkPasswordChange({ currentPassword: 'a', password: 'rahasia-baru', confirmPassword: 'rahasia-baru' })
        .ok,
    ).toBe(true);
  });

  it('refuses pictures of another type or over the limit before sending', () => {
    expect(avatarProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(avatarProblem({ type: 'image/WEBP', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('profile preferences', () => {
  const en = { ...user, language: 'en' as const, theme: 'dark' as const };
  it('applies saved choices at sign-in, and only what changed afterwards', () => {
    expect(preferencesToApply(null, en)).toEqual({ locale: 'en', theme: 'dark' });
    expect(preferencesToApply(en, { ...en, name: 'Sari W' })).toEqual({ locale: null, theme: null });
    expect(preferencesToApply(en, { ...en, theme: 'light' })).toEqual({ locale: null, theme: 'light' });
    expect(preferencesToApply(null, user)).toEqual({ locale: null, theme: null });
    expect(preferencesToApply(en, null)).toEqual({ locale: null, theme: null });
  });
});

describe('profile form machine', () => {
  it('saves name, language and theme and emits the user', async () => {
    const client = createFakeClient();
    const actor = createActor(profileFormMachine, { input: { client } }).start();
    const saved: unknown[] = [];
    actor.on('profile.saved', (event) => saved.push(event.user));
    actor.send({ type: 'profile.save', name: '', language: null, theme: null });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { key: 'validation.name' } });
    expect(client.calls).toEqual([]);
    actor.send({ type: 'profile.save', name: ' Sari W ', language: 'en', theme: 'dark' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(client.pending()).toEqual([
      { name: 'profile_update', fields: { name: 'Sari W', language: 'en', theme: 'dark' } },
    ]);
    client.settle('profile_update', { data: { ...user, name: 'Sari W' } });
    await flush();
    expect(saved).toEqual([{ ...user, name: 'Sari W' }]);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it("shows the server's field error beside the field, else the message", async () => {
    const client = createFakeClient();
    const actor = createActor(profileFormMachine, { input: { client } }).start();
    actor.send({ type: 'profile.save', name: 'Sari', language: null, theme: null });
    client.settle('profile_update', {
      error: apiError('invalid_input', 'Periksa isian', { errors: { name: 'Terlalu panjang' } }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: { message: 'Terlalu panjang' } });
    actor.send({ type: 'profile.save', name: 'Sari', language: null, theme: null });
    client.settle('profile_update', { error: networkError });
    await flush();
    expect(actor.getSnapshot().context.error?.reason).toBe('network');
  });
});

describe('profile password machine', () => {
  it('puts wrong_password beside the current password, then changes it', async () => {
    const client = createFakeClient();
    const actor = createActor(profilePasswordMachine, { input: { client } }).start();
    let changed = 0;
    actor.on('password.changed', () => (changed += 1));
    const form = {
      currentPassword: 'salah-salah',
      password: 'rahasia-baru',
      confirmPassword: 'rahasia-baru',
    };
    actor.send({ type: 'password.submit', ...form });
    expect(client.pending()).toEqual([
      {
        name: 'profile_password_change',
        fields: { currentPassword: 'salah-salah', password: 'rahasia-baru' },
      },
    ]);
    client.settle('profile_password_change', {
      error: apiError('wrong_password', 'Kata sandi salah', {
        errors: { currentPassword: 'Kata sandi salah' },
      }),
    });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      currentPassword: { message: 'Kata sandi salah' },
    });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'password.submit', ...form, currentPassword: 'rahasia-lama' });
    client.settle('profile_password_change', { data: {} });
    await flush();
    expect(changed).toBe(1);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});

describe('profile avatar machine', () => {
  it('checks the file, reads it, sends it, and clears it', async () => {
    const client = createFakeClient();
    const read: unknown[] = [];
    const readFile = (file: { type: string; size: number }) => {
      read.push(file);
      return Promise.resolve('data:image/png;base64,AAAA');
    };
    const actor = createActor(profileAvatarMachine, { input: { client, readFile } }).start();
    const users: unknown[] = [];
    actor.on('avatar.changed', (event) => users.push(event.user.avatarUrl));
    actor.send({ type: 'avatar.pick', file: { type: 'image/gif', size: 10 } });
    expect(actor.getSnapshot().context.problem).toBe('type');
    actor.send({ type: 'avatar.pick', file: { type: 'image/png', size: AVATAR_MAX_BYTES + 1 } });
    expect(actor.getSnapshot().context.problem).toBe('size');
    expect(read).toEqual([]);
    actor.send({ type: 'avatar.pick', file: { type: 'image/png', size: 10 } });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await flush();
    expect(client.pending()).toEqual([
      { name: 'profile_avatar_set', fields: { image: 'data:image/png;base64,AAAA' } },
    ]);
    client.settle('profile_avatar_set', { data: { ...user, avatarUrl: '/avatar/u1/v1' } });
    await flush();
    actor.send({ type: 'avatar.clear' });
    client.settle('profile_avatar_clear', { data: user });
    await flush();
    expect(users).toEqual(['/avatar/u1/v1', null]);
  });

  it("shows the server's refusal and a failed read", async () => {
    const client = createFakeClient();
    let fail = true;
    const readFile = () => (fail ? Promise.reject(new Error('unreadable')) : Promise.resolve('data:x'));
    const actor = createActor(profileAvatarMachine, { input: { client, readFile } }).start();
    actor.send({ type: 'avatar.pick', file: { type: 'image/png', size: 10 } });
    await flush();
    expect(actor.getSnapshot().context.error?.message).toBe('unreadable');
    fail = false;
    actor.send({ type: 'avatar.pick', file: { type: 'image/png', size: 10 } });
    await flush();
    client.settle('profile_avatar_set', {
      error: apiError('file_invalid_type', 'Jenis berkas tidak didukung'),
    });
    await flush();
    expect(actor.getSnapshot().context.error?.reason).toBe('file_invalid_type');
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
