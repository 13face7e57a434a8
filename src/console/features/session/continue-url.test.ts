import { describe, expect, it } from 'vitest';
import { continueUrl } from './continue-url';

describe('continueUrl', () => {
  it('is the sign-in page of the console', () => {
    expect(continueUrl('http://127.0.0.1:8787', undefined)).toBe('http://127.0.0.1:8787/sign-in');
  });

  it('carries the page the admin wanted through the mailbox', () => {
    expect(continueUrl('https://console.example.com', '/webhooks?tab=log')).toBe(
      'https://console.example.com/sign-in?redirect=%2Fwebhooks%3Ftab%3Dlog',
    );
  });

  it('drops a redirect that leaves the site', () => {
    expect(continueUrl('http://localhost:8787', '//evil.example.com')).toBe(
      'http://localhost:8787/sign-in',
    );
  });
});
