import type { CustomerServiceLink } from '@portal/shared/api';
import { describe, expect, it } from 'vitest';
import { ownHelpSection } from './customer-service';

const link = (path: string): CustomerServiceLink => ({ csPosition: 'RIGHT', csType: 'LIVECHAT', path, title: 'Chat' });

describe('ownHelpSection', () => {
  it('names the section of a link to the portal’s own help page', () => {
    expect(ownHelpSection(link('/help#contact'))).toBe('contact');
    expect(ownHelpSection(link('/help/#faq'))).toBe('faq');
    expect(ownHelpSection(link('/helpmc#contact'))).toBe('contact');
    expect(ownHelpSection(link(`${window.location.origin}/help#contact`))).toBe('contact');
    expect(ownHelpSection(link('/help'))).toBe('');
  });

  it('leaves out external chat links and other pages of the portal', () => {
    expect(ownHelpSection(link('https://chat.example/help#contact'))).toBeUndefined();
    expect(ownHelpSection(link('https://chat.example/room'))).toBeUndefined();
    expect(ownHelpSection(link('/helper#contact'))).toBeUndefined();
    expect(ownHelpSection(link('/promotions'))).toBeUndefined();
  });
});
