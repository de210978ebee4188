import { describe, expect, it } from 'vitest';
import { dataNumber, fieldErrorsOf, isNetworkError, reasonOf, toFlowError } from './actError.ts';
import { attemptsAfter, countDown, isChallengeDead, isCompleteCode, toOtpCode } from './challenge.ts';
import { apiError } from './paths/fixtures.ts';
import { isAuthPath, safeRedirect } from './routes.ts';
import {
  checkAccessToken,
  checkAccount,
  checkAccountName,
  checkContactCard,
  checkCustomerName,
  checkLogin,
  checkNewPassword,
  checkPhone,
  checkRegister,
} from './validation.ts';

describe('countdown and code', () => {
  it('counts down by one and stops at 0', () => {
    expect(countDown(300)).toBe(299);
    expect(countDown(1)).toBe(0);
    expect(countDown(0)).toBe(0);
  });
  it('keeps six digits and knows a complete code', () => {
    expect(toOtpCode(' 12 34 56 78')).toBe('123456');
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
  it('a challenge dies when locked, used or out of attempts', () => {
    expect(isChallengeDead(apiError('otp_locked', 'x'), 5)).toBe(true);
    expect(isChallengeDead(apiError('otp_used', 'x'), 5)).toBe(true);
    expect(isChallengeDead(apiError('otp_invalid', 'x', { data: { attemptsLeft: 0 } }), 5)).toBe(true);
    expect(isChallengeDead(apiError('otp_invalid', 'x'), 1)).toBe(true);
    expect(isChallengeDead(apiError('otp_invalid', 'x'), 2)).toBe(false);
    expect(isChallengeDead(apiError('otp_expired', 'x'), 5)).toBe(false);
    expect(attemptsAfter(apiError('otp_invalid', 'x', { data: { attemptsLeft: 3 } }), 5)).toBe(3);
  });
});

describe('reading act errors', () => {
  it('reads reason, data and field errors structurally', () => {
    const error = apiError('otp_cooldown', 'Tunggu', { data: { retryAfter: 42 }, errors: { phone: 'x' } });
    expect(reasonOf(error)).toBe('otp_cooldown');
    expect(dataNumber(error, 'retryAfter')).toBe(42);
    expect(dataNumber(error, 'attemptsLeft')).toBeUndefined();
    expect(fieldErrorsOf(error)).toEqual({ phone: 'x' });
    expect(toFlowError(error)).toEqual({ reason: 'otp_cooldown', message: 'Tunggu' });
  });
  it('anything without a reason is a network failure', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(toFlowError(new Error('timeout'))).toEqual({ reason: 'network', message: 'timeout' });
    expect(reasonOf(null)).toBeUndefined();
  });
});

describe('session redirect rules', () => {
  it('knows /auth paths', () => {
    expect(isAuthPath('/auth')).toBe(true);
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth/forgot-password/otp?x=1')).toBe(true);
    expect(isAuthPath('/authors')).toBe(false);
    expect(isAuthPath('/')).toBe(false);
  });
  it('returns only to safe, non-auth saved paths', () => {
    expect(safeRedirect('/crm/chat/k1/62812')).toBe('/crm/chat/k1/62812');
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/auth/login')).toBeNull();
  });
});

describe('form validation keys', () => {
  it('login: phone and a non-empty password', () => {
    expect(checkLogin({ phone: '0812 3456 789', password: 'a' })).toEqual({
      ok: true,
      value: { phone: '+628123456789', password: 'a' },
    });
    expect(checkLogin({ phone: 'abc', password: '' })).toEqual({
      ok: false,
      fieldErrors: { phone: { key: 'validation.phone' }, password: { key: 'validation.required' } },
    });
  });
  it('register: name, password of 8 or more, confirmation', () => {
    expect(
      checkRegister({ name: 'Sari', phone: '08123456789', password: '12345678', confirmPassword: '12345678' })
        .ok,
    ).toBe(true);
    expect(
      checkRegister({
        name: 'x'.repeat(101),
        phone: '08123456789',
        password: '1234567',
        confirmPassword: '',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        name: { key: 'validation.name' },
        password: { key: 'validation.passwordLength' },
        confirmPassword: { key: 'validation.required' },
      },
    });
  });
  it('forgot: phone, then a confirmed new password', () => {
    expect(checkPhone({ phone: '' })).toEqual({
      ok: false,
      fieldErrors: { phone: { key: 'validation.required' } },
    });
    expect(checkNewPassword({ password: 'rahasia-baru', confirmPassword: 'rahasia-lama' })).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: { key: 'validation.passwordMismatch' } },
    });
  });
});

describe('inbox and account forms', () => {
  it('checks a contact card: a name and a phone in E.164', () => {
    expect(checkContactCard({ name: ' Budi ', phone: '0812 3456 789' })).toEqual({
      ok: true,
      value: { name: 'Budi', phone: '+628123456789' },
    });
    expect(checkContactCard({ name: '', phone: '' })).toEqual({
      ok: false,
      fieldErrors: { name: { key: 'validation.name' }, phone: { key: 'validation.required' } },
    });
  });
  it('checks names of customers and accounts: 1-100 characters after trimming', () => {
    expect(checkCustomerName({ name: '  Sari ' })).toEqual({ ok: true, value: { name: 'Sari' } });
    expect(checkCustomerName({ name: 'x'.repeat(101) }).ok).toBe(false);
    expect(checkAccountName({ name: '   ' }).ok).toBe(false);
  });
  it('checks a new number: digits for the WABA id and the phone number id, a token', () => {
    expect(
      checkAccount({ name: 'Toko', wabaId: ' 1020 ', phoneNumberId: ' 1098 ', accessToken: ' t ' }),
    ).toEqual({
      ok: true,
      value: { name: 'Toko', wabaId: '1020', phoneNumberId: '1098', accessToken: 't' },
    });
    expect(checkAccount({ name: 'Toko', wabaId: '10-20', phoneNumberId: 'abc', accessToken: 't' })).toEqual({
      ok: false,
      fieldErrors: {
        wabaId: { key: 'validation.wabaId' },
        phoneNumberId: { key: 'validation.phoneNumberId' },
      },
    });
    expect(checkAccount({ name: 'Toko', wabaId: ' ', phoneNumberId: '', accessToken: 't' })).toEqual({
      ok: false,
      fieldErrors: { wabaId: { key: 'validation.required' }, phoneNumberId: { key: 'validation.required' } },
    });
    expect(checkAccessToken({ accessToken: 'x'.repeat(1001) }).ok).toBe(false);
  });
});
