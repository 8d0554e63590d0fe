import { catalogue } from '@suanli/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { useSession } from '@/shared/stores/session-store';
import { ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import IntroductionEditor from './introduction-editor';

const api = await startFakeApi();
// The operators' call as the console sends it for image 7 (the fake API answers literal paths).
const reviseOfficial = { ...catalogue.reviseOfficialImageIntroduction, path: '/admin/review/images/7/introduction' };

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useSession.getState().setToken('token-1');
  useInterfaceSettings.getState().setLanguage('en-US');
  api.on(catalogue.reviseImageIntroduction, ok({ id: '7', introduction: 'Mine' }));
  api.on(reviseOfficial, ok({ id: '7', introduction: 'Nodes!' }));
});

const edit = (official: boolean) =>
  renderWithProviders(
    <IntroductionEditor imageId="7" official={official} introduction="Old" open onClose={() => undefined} />,
  );
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const saveButton = () => screen.getByTestId('introduction-save') as HTMLButtonElement;

describe('the introduction editor', () => {
  it("saves an owner's community image through the owner's call, asking no reason", async () => {
    edit(false);
    expect(screen.queryByTestId('introduction-reason')).toBeNull();
    type('introduction-text', 'Mine');
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.calls(catalogue.reviseImageIntroduction)).toHaveLength(1));
    expect(api.calls(catalogue.reviseImageIntroduction)[0]!.json).toEqual({ id: '7', introduction: 'Mine' });
  });

  it("saves an official image through the operators' call, only once a reason is given", async () => {
    edit(true);
    type('introduction-text', 'Nodes!');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Reason for the change (kept in the audit log)')).toBeTruthy();
    type('introduction-reason', 'a clearer introduction');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.calls(reviseOfficial)).toHaveLength(1));
    const [call] = api.calls(reviseOfficial);
    expect(call!.json).toEqual({ introduction: 'Nodes!', reason: 'a clearer introduction' });
    expect(api.calls(catalogue.reviseImageIntroduction)).toEqual([]);
  });
});
