import { describe, expect, it } from 'vitest';
import { startupBanner } from '../src/http/banner';
import { resolveLogFormat } from '../src/http/logging';

describe('what npm start prints', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('says where the site is, what it runs on, whether mail is on and how to set up the owner', () => {
    const banner = startupBanner({
      company: 'Ocho Rios Car Hire',
      url: 'http://localhost:3000',
      database: 'PGlite (embedded) in ./data',
      mail: 'off: this version sends no e-mail',
      ownerSetup: 'http://localhost:3000/setup?token=abc',
    });
    expect(banner).toContain('Ocho Rios Car Hire is running');
    expect(banner).toContain('Site           http://localhost:3000');
    expect(banner).toContain('API reference  http://localhost:3000/api/docs');
    expect(banner).toContain('PGlite (embedded) in ./data');
    expect(banner).toContain('Mail           off');
    expect(banner).toContain('open http://localhost:3000/setup?token=abc');
    expect(
      startupBanner({ company: 'Ocho Rios Car Hire', url: 'https://rent.example.com', database: 'PostgreSQL', mail: 'off', ownerSetup: undefined }),
    ).toContain('Owner          set up');
  });
});
