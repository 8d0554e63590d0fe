import { hasMessage, translate, type Locale } from '@suanli/contract';

interface IssueLike {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  expected?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
}

// zod's own wording is English-only and weak in Chinese (STACK), so reasons come from our catalogue by issue code.
function reasonKey(issue: IssueLike): { key: string; params: Record<string, string> } {
  if (issue.message && issue.message.startsWith('validation.') && hasMessage(issue.message)) {
    return { key: issue.message, params: {} };
  }
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '')
        ? { key: 'validation.required', params: {} }
        : { key: 'validation.invalidType', params: { expected: String(issue.expected ?? '') } };
    case 'too_small':
      return { key: sized ? 'validation.tooShort' : 'validation.tooSmall', params: { minimum: String(issue.minimum) } };
    case 'too_big':
      return { key: sized ? 'validation.tooLong' : 'validation.tooBig', params: { maximum: String(issue.maximum) } };
    case 'invalid_value':
    case 'invalid_union':
    case 'not_multiple_of':
      return { key: 'validation.invalidValue', params: {} };
    case 'invalid_format':
      return { key: 'validation.invalidFormat', params: {} };
    default:
      return { key: 'validation.unknown', params: {} };
  }
}

/** The field at fault, as the caller named it: `pageSize`, `items.0.name`, or the request part when it is whole. */
export function issueField(issue: IssueLike, part: string | undefined): string {
  const segments = (issue.path ?? []).map(String);
  return segments.length > 0 ? segments.join('.') : (part ?? 'body');
}

export function validationMessage(locale: Locale, issue: IssueLike, part: string | undefined) {
  const field = issueField(issue, part);
  const reason = reasonKey(issue);
  return {
    field,
    msg: translate(locale, 'errors.validation', { field, reason: translate(locale, reason.key, reason.params) }),
  };
}
