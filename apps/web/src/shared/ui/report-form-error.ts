import type { FormInstance } from 'antd';
import { errorText, isHttpError, type HttpError } from '../http';
import { i18n } from '../i18n';
import { notify } from './message-bridge';

export interface FormErrorOptions {
  /** Server field name → form field name, where the form names an input differently (`phonenumber` → `phone`). */
  fields?: Record<string, string>;
  /** How this form reports a failure that no field explains; the client's message (spec §8) unless it says otherwise. */
  report?: (error: HttpError) => void;
}

/** `items.0.name` → ['items', 0, 'name'], antd's name path for the same input. */
function namePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function hasField(form: FormInstance, path: (string | number)[]): boolean {
  const wanted = path.join('.');
  return form.getFieldsError().some((entry) => entry.name.join('.') === wanted);
}

/**
 * Reports a failed submit (the form's calls are silent): the server's message under the input its `field` names,
 * when the form has that input, otherwise as the client would have (spec §8). A 401 says nothing here; the client has
 * opened the login dialog.
 */
export function reportFormError(form: FormInstance, error: unknown, options: FormErrorOptions = {}): void {
  if (!isHttpError(error)) {
    throw error;
  }
  const field = error.field ? (options.fields?.[error.field] ?? error.field) : null;
  const path = field ? namePath(field) : null;
  if (path && error.serverMessage && hasField(form, path)) {
    form.setFields([{ name: path, errors: [error.serverMessage] }]);
    return;
  }
  (options.report ?? notifyError)(error);
}

function notifyError(error: HttpError): void {
  const text = errorText(error, (key) => i18n.t(key));
  if (text) {
    notify.error(text);
  }
}
