import { describe, expect, it } from 'vitest';
import { renderDocsPage } from './api-docs';

describe('renderDocsPage', () => {
  it('lists each operation by group, with every text of the document escaped', () => {
    const html = renderDocsPage({
      openapi: '3.1.0',
      info: { title: 'Tribe36 <API>', version: '1', description: '"quoted" & <b>bold</b>' },
      paths: {
        '/api/members/{username}': {
          get: {
            tags: ['members'],
            parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { const: '</pre><script>x</script>' } } },
              },
            },
          },
        },
        '/api/auth/logout': { post: { tags: ['auth'], responses: { '204': { description: 'ok' } } } },
      },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('<title>Tribe36 &lt;API&gt;</title>');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<h2 id="members">members</h2>');
    expect(html).toContain('path parameter username (required)');
    expect(html).toContain('204: no body');
    expect(html.match(/<section>/g)).toHaveLength(2);
  });
});
