import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { withPageHead } from './page-head';

/** A shell as Vite writes index.html: the description over several lines. */
const shell = (lang: string, title: string, description: string) =>
  `<!doctype html>\n<html lang="${lang}">\n  <head>\n    <meta charset="UTF-8" />\n    <meta\n      name="description"\n` +
  `      content="${description}"\n    />\n    <title>${title}</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;

let ctx: TestContext;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'basha-head-'));
  writeFileSync(path.join(distDir, 'index.html'), shell('en', 'Basha: site', 'Basha site description.'));
  writeFileSync(path.join(distDir, 'index.bn.html'), shell('bn', 'বাসা: সাইট', 'বাসার বিবরণ।'));
  writeFileSync(
    path.join(distDir, 'landing.html'),
    shell('en', 'Basha: landing', 'Landing description.').replace('<body>', '<body><div id="first-screen"></div>'),
  );
  ctx = await createTestContext({ staticDir: distDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function head(requestPath: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(requestPath, { headers });
  const html = await response.text();
  const descriptions = [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((match) => match[1]);
  return { status: response.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1], descriptions, html };
}

describe('the shell the server sends names its page (issue 20, point 4)', () => {
  it('carries each route’s own title and one meta description', async () => {
    expect(await head('/main/rent')).toMatchObject({
      status: 200,
      title: 'Rentals · Basha',
      descriptions: ['Homes for rent near you: filter by area, rent and rooms, and contact owners directly.'],
    });
    expect(await head('/auth/login')).toMatchObject({
      title: 'Sign in · Basha',
      descriptions: [expect.stringContaining('Sign in to Basha')],
    });
    expect(await head('/main/find-service/plumber')).toMatchObject({
      title: 'Plumber · Basha',
      descriptions: [expect.stringMatching(/^Plumber near you on Basha/)],
    });
    expect(await head('/services/home-maid')).toMatchObject({
      title: 'Home Maid · Basha',
      descriptions: [expect.stringMatching(/^Home Maid on Basha/)],
    });
  });

  it('in the visitor’s language', async () => {
    const bangla = await head('/main/rent', { cookie: 'basha-locale=bn' });
    expect(bangla.title).toBe('ভাড়া · বাসা');
    expect(bangla.descriptions).toEqual([expect.stringContaining('ভাড়া বাসা')]);
    expect(bangla.html).toContain('lang="bn"');
  });

  it('gives an unknown path the not-found page’s title and description, with its 404', async () => {
    expect(await head('/no/such/page')).toMatchObject({
      status: 404,
      title: 'Page not found · Basha',
      descriptions: [expect.stringContaining('does not exist')],
    });
  });

  it('leaves the landing page’s and the named shell files’ heads as the build wrote them', async () => {
    expect(await head('/')).toMatchObject({ title: 'Basha: landing', descriptions: ['Landing description.'] });
    // The service worker keeps these for any page: they keep the site's words.
    expect(await head('/index.html')).toMatchObject({
      title: 'Basha: site',
      descriptions: ['Basha site description.'],
    });
  });

  it('escapes what it writes and adds a description to a shell without one, never a second', () => {
    const written = withPageHead('<html><head><title>x</title></head></html>', {
      title: 'a<b',
      description: '"q" & r',
    });
    expect(written).toBe(
      '<html><head><title>a&lt;b</title><meta name="description" content="&quot;q&quot; &amp; r">\n</head></html>',
    );
  });
});
