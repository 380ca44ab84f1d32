import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { renderAsync } from '@resvg/resvg-js';
import svgCaptcha from 'svg-captcha';
import type { EphemeralStore } from '../../http/ephemeral-store.ts';

// No 0/O, 1/I/L: the answer is read off a noisy picture on a phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const LENGTH = 4;
const TTL_MS = 5 * 60 * 1000;

// The package's default export draws a given text; its type declarations only describe the helpers around it.
const drawCaptcha = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export function randomCaptchaText(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

function digest(answer: string): Buffer {
  return createHash('sha256').update(answer.trim().toUpperCase()).digest();
}

/**
 * Image captchas: the answer is kept (as a hash) in the ephemeral store under a random id for five minutes, and
 * each id can be checked once, right or wrong.
 */
export class CaptchaService {
  constructor(
    private readonly store: EphemeralStore,
    /** Tests pass a known text source; production draws from the CSPRNG. */
    private readonly textSource: () => string = randomCaptchaText,
  ) {}

  async issue(): Promise<{ id: string; png: string }> {
    const text = this.textSource();
    const svg = drawCaptcha(text, {
      width: 120,
      height: 44,
      fontSize: 46,
      noise: 3,
      color: true,
      background: '#f5f6fa',
    });
    const image = await renderAsync(svg, { fitTo: { mode: 'width', value: 240 } });
    const id = randomBytes(18).toString('base64url');
    await this.store.put(`captcha:${id}`, digest(text).toString('hex'), TTL_MS);
    return { id, png: image.asPng().toString('base64') };
  }

  async check(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const stored = await this.store.take(`captcha:${id}`);
    if (!stored) return false;
    return timingSafeEqual(Buffer.from(stored, 'hex'), digest(answer));
  }
}
