/**
 * File-type validation (SPEC.md section 5). A file is accepted when its type equals an accepted
 * type, or matches a wildcard such as `image/*` on its major type; an empty list accepts everything.
 * For a URL the type is guessed from its extension. A refusal carries FilePond's texts with the
 * placeholders filled: 'Expects image/png or image/jpeg', 'Expects image/png, image/jpeg or
 * application/pdf', and with a single type 'Expects image/png'.
 */
import { guessMimeType } from './guessMimeType.ts';

export const invalidFileTypeMessage = 'File is of invalid type';
export const expectedTypesTemplate = 'Expects {allButLastType} or {lastType}';

export type FileTypeResult =
  { valid: true; type: string } | { valid: false; type: string; main: string; sub: string };

export interface ValidateFileTypeOptions {
  /** Labels for types in the sub message (`{ 'image/*': 'images' }`); a `null` label hides the type. */
  labels?: Readonly<Record<string, string | null>>;
}

/** True when `type` (`image/png`) matches `accepted` (`image/png` or `image/*`). */
export function matchesFileType(type: string, accepted: string): boolean {
  if (accepted.endsWith('/*')) return type.split('/', 1)[0] === accepted.slice(0, -2);
  return type === accepted;
}

/** The accepted types as a sub message names them: labelled, hidden ones left out, each once. */
export function expectedTypeNames(
  acceptedTypes: readonly string[],
  labels: Readonly<Record<string, string | null>> = {},
): string[] {
  return [
    ...new Set(
      acceptedTypes
        .map((type) => (Object.hasOwn(labels, type) ? labels[type] : type))
        .filter((t): t is string => !!t),
    ),
  ];
}

/** The sub message for `acceptedTypes`: 'Expects {allButLastType} or {lastType}' filled in. */
export function expectedTypesMessage(
  acceptedTypes: readonly string[],
  labels: Readonly<Record<string, string | null>> = {},
): string {
  const shown = expectedTypeNames(acceptedTypes, labels);
  const last = shown.at(-1);
  if (last === undefined) return '';
  if (shown.length === 1) return `Expects ${last}`;
  return expectedTypesTemplate
    .replace('{allButLastType}', shown.slice(0, -1).join(', '))
    .replace('{lastType}', last);
}

/** Validates a file (anything with a `type`, such as a `File`) or a URL against `acceptedTypes`. */
export function validateFileType(
  file: { type: string } | string,
  acceptedTypes: readonly string[],
  options: ValidateFileTypeOptions = {},
): FileTypeResult {
  const type = typeof file === 'string' ? guessMimeType(file) : file.type;
  if (acceptedTypes.length === 0 || acceptedTypes.some((accepted) => matchesFileType(type, accepted))) {
    return { valid: true, type };
  }
  return {
    valid: false,
    type,
    main: invalidFileTypeMessage,
    sub: expectedTypesMessage(acceptedTypes, options.labels),
  };
}
