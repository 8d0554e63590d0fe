import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { ConfigError } from '../../config.js';

const isPem = (text: string) => text.includes('-----BEGIN');

function readKey(file: string, variable: string, parse: (text: string) => KeyObject): KeyObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${file} (${(error as Error).message})`);
  }
  try {
    return parse(text);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: ${file} holds no usable key (${(error as Error).message})`,
    );
  }
}

/**
 * A private key from PEM, or from the bare base64 that Alipay's key tool writes (PKCS#8, or PKCS#1 from older tools).
 * Read once at start, so that a wrong path stops the server instead of the first payment.
 */
export function loadPrivateKey(file: string, variable: string): KeyObject {
  return readKey(file, variable, (text) => {
    if (isPem(text)) {
      return createPrivateKey(text);
    }
    const der = Buffer.from(text, 'base64');
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  });
}

/** A public key from a PEM key, a PEM certificate (WeChat Pay's platform certificate) or bare base64 (Alipay's). */
export function loadPublicKey(file: string, variable: string): KeyObject {
  return readKey(file, variable, (text) => {
    if (text.includes('-----BEGIN CERTIFICATE')) {
      return new X509Certificate(text).publicKey;
    }
    if (isPem(text)) {
      return createPublicKey(text);
    }
    return createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  });
}
