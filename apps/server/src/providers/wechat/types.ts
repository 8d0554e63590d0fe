/** Makes the QR a user scans with WeChat for one login or binding scene (ARCHITECTURE §7). */
export interface WechatQrProvider {
  /** True for the embedded sandbox, so that the console can say so on screen. */
  readonly sandbox: boolean;
  /**
   * The URL the QR encodes. The official adapter calls WeChat for it, so never call it inside a transaction;
   * it throws WechatUnavailableError when WeChat cannot be reached or refuses.
   */
  qrUrl(sceneStr: string, expiresInSeconds: number): Promise<string>;
}
