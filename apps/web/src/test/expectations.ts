import { screen, waitFor, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for an element to be visible. antd's dialogs, dropdowns and messages enter with a motion that starts at
 * opacity 0, so "visible" is a state the page reaches, not one it has the moment the element exists.
 */
export async function expectVisible(find: () => HTMLElement, options?: waitForOptions): Promise<void> {
  await waitFor(() => expect(find()).toBeVisible(), options);
}

/** Waits for an antd message (the toast of spec §8) saying `text`; fails when it shows anywhere else or stays hidden. */
export async function expectMessage(text: string, options?: waitForOptions): Promise<void> {
  const element = await screen.findByText(text, undefined, options);
  expect(element.closest('.ant-message-notice'), `"${text}" is not a message`).not.toBeNull();
  await expectVisible(() => element, options);
}

function fieldErrors(testId: string): string[] {
  const item = screen.getByTestId(testId).closest('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((error) => error.textContent ?? '');
}

/** Waits for `text` among the errors of the form item that holds the input `testId`. */
export async function expectFieldError(testId: string, text: string): Promise<void> {
  await waitFor(() => expect(fieldErrors(testId)).toContain(text));
}
