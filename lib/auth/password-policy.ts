import 'server-only';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@/lib/app-error';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-limits';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  const list: unknown = dictionary['passwords-common'];
  common ??= new Set(Array.isArray(list) ? list.map((entry) => String(entry).toLowerCase()) : []);
  return common;
}

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase())) return 'This password is on a list of common passwords; choose another';
  return undefined;
}

/** AppError `invalid` with a field error at `pointer` when the password is too short, too long or common. */
export function checkPassword(password: string, pointer = '/password'): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('invalid', problem, { errors: [{ pointer, message: problem }] });
}
