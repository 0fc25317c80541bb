import type { ResourceDef } from '@habla/shared/resources/define';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Providers } from '@/app/providers';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import type { ResourceScreen } from '@/lib/resource-screens';
import { setupTestI18n } from '@/test/i18n';
import { json, signIn, stamp, stubApi, type Call } from '@/test/render-app';
import { FieldValue } from './field-value';
import { RecordForm } from './record-form';

/**
 * The generic form's inputs of the `json` and `file` field kinds, on a resource
 * declared here (no entity has them yet): a JSON textarea validated with the field's own schema,
 * and a file input that uploads to /api/files, shows the server's refusal and previews a picture.
 */
const def: ResourceDef = {
  name: 'test-cards',
  controller: 'test-cards',
  titleField: 'title',
  searchable: [],
  defaultSort: { col: 'title', order: 'asc' },
  fields: [
    { name: 'title', kind: 'text', required: true, max: 100 },
    {
      name: 'answers',
      kind: 'json',
      schema: z.array(
        z.object({
          text: z.string().min(1, { error: 'validation.required' }),
          correct: z.boolean({ error: 'validation.invalid' }),
        }),
      ),
    },
    { name: 'image_id', kind: 'file', accept: ['image/png', 'image/jpeg'] },
  ],
};
const testScreen: ResourceScreen = {
  path: 'test-cards',
  base: '/test-cards',
  resource: def,
  apiPath: '/api/test-cards',
  titleKey: 'crumbs.dictionary',
  view: 'test-cards',
};
const FILE_ID = '66666666-6666-4666-8666-666666666666';

beforeAll(async () => {
  await setupTestI18n('en');
  // Labels of this test's own fields (a real resource's come with its declaration's locale keys).
  i18n.addResourceBundle(
    'en',
    'translation',
    { fields: { title: 'Title', answers: 'Answers', image_id: 'Picture' } },
    true,
    true,
  );
});
beforeEach(() => {
  queryClient.clear();
  signIn('EDITOR');
  // jsdom has no object URLs: the preview's bytes become this one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(handler: (call: Call) => Response | undefined, row?: Record<string, unknown>) {
  const calls = stubApi(handler);
  const onSubmit = vi.fn(async () => undefined);
  const router = createMemoryRouter([
    { path: '/', element: <RecordForm screen={testScreen} row={row as never} onSubmit={onSubmit} cancelTo="/" /> },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { calls, onSubmit };
}

const typeJson = async (text: string) => {
  const box = screen.getByLabelText('Answers');
  await userEvent.clear(box);
  // userEvent treats [ and { as key descriptors: paste the document instead.
  box.focus();
  await userEvent.paste(text);
};

describe('a JSON field', () => {
  it('refuses text that is not JSON and a document its schema refuses, naming the path, and submits the parsed document', async () => {
    const { onSubmit } = renderForm(() => undefined);
    await userEvent.type(await screen.findByLabelText('Title'), 'Pets');
    await typeJson('[{"text": "cat", ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answers is not valid JSON.')).toBeInTheDocument();
    expect(screen.getByLabelText('Answers')).toHaveAttribute('aria-invalid', 'true');

    await typeJson('[{"text": "cat", "correct": true}, {"text": "", "correct": false}]');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answers (1.text) is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await typeJson('[{"text": "cat", "correct": true}]');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      { title: 'Pets', answers: [{ text: 'cat', correct: true }], image_id: null },
    ]);
  });

  it("shows the server's message about a place inside the document under the field", async () => {
    const { onSubmit } = renderForm(() => undefined);
    onSubmit.mockRejectedValueOnce(
      new ApiError('Answers (0.text) is too long.', 400, {
        status: false,
        code: 'VALIDATION',
        fields: { 'answers.0.text': 'Answers (0.text) is too long.' },
      }),
    );
    await userEvent.type(await screen.findByLabelText('Title'), 'Pets');
    await typeJson('[{"text": "cat", "correct": true}]');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answers (0.text) is too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Answers')).toHaveAccessibleDescription(/Answers \(0\.text\) is too long\./);
  });

  it('shows a stored document indented on the record page', () => {
    render(
      <FieldValue
        field={def.fields[1]!}
        row={{ id: FILE_ID, ...stamp, _actions: [], answers: [{ text: 'cat', correct: true }] }}
      />,
    );
    expect(screen.getByText(/"text": "cat"/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('[object Object]');
  });
});

describe('a file field', () => {
  it("uploads the chosen file, shows the server's refusal of a wrong type, then takes an accepted picture with a preview and a remove button", async () => {
    let refuse = true;
    const { calls, onSubmit } = renderForm(({ url, method }) => {
      if (url.pathname === '/api/files' && method === 'POST')
        return refuse
          ? json(
              {
                status: false,
                code: 'UNSUPPORTED_MEDIA_TYPE',
                errors: ['File must be one of these types: PNG, JPEG.'],
                fields: { file: 'File must be one of these types: PNG, JPEG.' },
              },
              415,
            )
          : json({ status: true, data: { id: FILE_ID, name: 'cat.png', content_type: 'image/png', size: 68 } }, 201);
      if (url.pathname === `/api/files/${FILE_ID}`)
        return json({ status: true, data: { id: FILE_ID, name: 'cat.png', content_type: 'image/png', size: 68 } });
      if (url.pathname === `/api/files/${FILE_ID}/content`)
        return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      return undefined;
    });
    const input = await screen.findByLabelText('Picture');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(input).toHaveAccessibleDescription(/Accepted types: image\/png, image\/jpeg/);

    await userEvent.upload(input, new File(['MZ…'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByText('File must be one of these types: PNG, JPEG.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' }));
    const preview = await screen.findByRole('img', { name: 'cat.png' });
    expect(preview).toHaveAttribute('src', 'blob:preview');
    expect(screen.queryByText('File must be one of these types: PNG, JPEG.')).not.toBeInTheDocument();
    const uploads = calls.filter((c) => c.url.pathname === '/api/files' && c.method === 'POST');
    expect(uploads).toHaveLength(2);
    // The bytes are fetched with the session's token: the content route needs it.
    expect(calls.find((c) => c.url.pathname.endsWith('/content'))?.headers).toMatchObject({
      Authorization: 'Bearer tok',
    });

    await userEvent.type(screen.getByLabelText('Title'), 'Cat');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([{ title: 'Cat', answers: null, image_id: FILE_ID }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the file of Picture' }));
    expect(screen.queryByRole('img', { name: 'cat.png' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]).toEqual([{ title: 'Cat', answers: null, image_id: null }]);
  });

  it('shows a stored picture as a thumbnail fetched with the token, and another file by its name without fetching its bytes', async () => {
    const PDF_ID = '77777777-7777-4777-8777-777777777777';
    const calls = stubApi(({ url }) => {
      if (url.pathname === `/api/files/${FILE_ID}`)
        return json({ status: true, data: { id: FILE_ID, name: 'cat.png', content_type: 'image/png', size: 4 } });
      if (url.pathname === `/api/files/${FILE_ID}/content`)
        return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      if (url.pathname === `/api/files/${PDF_ID}`)
        return json({
          status: true,
          data: { id: PDF_ID, name: 'report.pdf', content_type: 'application/pdf', size: 9 },
        });
      return undefined;
    });
    const field = def.fields[2]!;
    render(
      <QueryClientProvider client={queryClient}>
        <FieldValue field={field} row={{ id: '1', ...stamp, _actions: [], image_id: FILE_ID }} />
        <FieldValue field={field} row={{ id: '2', ...stamp, _actions: [], image_id: PDF_ID }} />
        <FieldValue field={field} row={{ id: '3', ...stamp, _actions: [], image_id: null }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('img', { name: 'cat.png' })).toHaveAttribute('src', 'blob:preview');
    expect(await screen.findByText('report.pdf')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).not.toContain(`/api/files/${PDF_ID}/content`);
  });
});
