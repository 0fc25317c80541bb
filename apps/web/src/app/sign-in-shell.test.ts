import { describe, expect, it } from 'vitest';
import { signInShell } from './sign-in-shell';

describe('the sign-in page’s static frame', () => {
  const html = signInShell({ name: 'Habla', title: 'Log in <to> "Habla"', tagline: 'Tom & Jerry', footer: 'Habla · footer' });

  it('carries the texts escaped, with the page’s heading and lead line', () => {
    expect(html).toContain('<h1 class="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Log in &lt;to&gt; &quot;Habla&quot;</h1>');
    expect(html).toContain('<p class="mt-2 text-sm text-pretty text-slate-600">Tom &amp; Jerry</p>');
    expect(html).toContain('Habla · footer');
  });

  it('holds nothing that can be focused or pressed before the real page arrives', () => {
    expect(html).not.toMatch(/<(a|button|input|select|textarea|form)\b/);
    expect(html).not.toMatch(/tabindex|onclick|<script/i);
    expect(html).toContain('aria-busy="true"');
  });
});
