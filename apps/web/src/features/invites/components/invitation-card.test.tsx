import { invites } from '@suanli/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { fail, ok, startFakeApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { InvitationCard } from './invitation-card';

const api = await startFakeApi();

afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  useInterfaceSettings.getState().setLanguage('en-US');
});
afterEach(() => vi.unstubAllGlobals());

/** A clipboard that refuses, as a browser does on an insecure origin or without permission. */
function refusingClipboard() {
  const refuse = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: refuse, write: refuse } });
}

describe('the invitation card', () => {
  it('shows the code and the register link that carries it', async () => {
    api.on(invites.getInvitationCode, ok({ invitationCode: 'AB12CD34' }));
    renderWithProviders(<InvitationCard />);
    expect(await screen.findByDisplayValue('AB12CD34')).toBeDefined();
    expect(screen.getByTestId('invitation-link')).toHaveProperty(
      'value',
      `${window.location.origin}/ourConsole?invitationCode=AB12CD34`,
    );
  });

  it('asks to copy by hand when the clipboard refuses the code or the link', async () => {
    api.on(invites.getInvitationCode, ok({ invitationCode: 'AB12CD34' }));
    refusingClipboard();
    renderWithProviders(<InvitationCard />);
    fireEvent.click(await screen.findByTestId('copy-invitation-link'));
    expect(await screen.findByText('Copy failed, please copy manually')).toBeDefined();
  });

  it('says the QR code could not be generated or copied when the clipboard refuses it', async () => {
    api.on(invites.getInvitationCode, ok({ invitationCode: 'AB12CD34' }));
    refusingClipboard();
    renderWithProviders(<InvitationCard />);
    fireEvent.click(await screen.findByTestId('copy-invitation-qr'));
    expect(await screen.findByText('Failed to generate or copy QR code')).toBeDefined();
  });

  it('says the code could not be had when the server fails', async () => {
    api.on(invites.getInvitationCode, fail(500, 'boom'));
    renderWithProviders(<InvitationCard />);
    expect(await screen.findByText('Failed to get invitation code')).toBeDefined();
  });
});
