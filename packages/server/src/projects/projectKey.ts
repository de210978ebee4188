import { randomInt } from 'node:crypto';

/** Lower-case letters and digits: URL-safe and easy to read out. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const PROJECT_KEY_LENGTH = 10;

/** A new project key: 10 characters from a secure random source (about 51 bits), never sequential. */
export function newProjectKey(): string {
  let key = '';
  for (let index = 0; index < PROJECT_KEY_LENGTH; index += 1) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}
