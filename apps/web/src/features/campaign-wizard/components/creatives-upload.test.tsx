import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { creativeUploadRules, type CreativeFile } from '@portal/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ReviewStep } from './review-step';
import { CreativesUpload } from './creatives-upload';
import { initialWizardState } from '../utils/wizard-state';

const ids = { organizationId: 1, dealershipId: 101 };
const TENANT = '/api/agencies/1/dealership/101';

/** A server that signs uploads and describes them from a ledger (name, type, hash), as the real one. */
function fakeServer(ledger: Record<string, { name: string; type: string; sha256: string }>) {
  let next = 0;
  const describe = (link: string): CreativeFile[] => {
    const row = ledger[link];
    return row
      ? [{ link, file_name: row.name, content_type: row.type, sha256: row.sha256, url: `/api/files/${link}?sig=1` }]
      : [];
  };
  return mockApi({
    [`GET ${TENANT}/campaigns/creative/files`]: (request: MockRequest) => ({
      body: { files: (request.query.get('links') ?? '').split(',').filter(Boolean).flatMap(describe) },
    }),
    [`POST ${TENANT}/campaigns/creative/upload-url`]: (request: MockRequest) => {
      const body = request.body as { fileName: string; mimeType: string };
      const link = `creatives/1/101/uuid-${++next}/${body.fileName}`;
      // The ledger's hash of what will be PUT: the test's files carry their "content" in their name.
      ledger[link] = { name: body.fileName, type: body.mimeType, sha256: body.fileName.replace(/-copy/, '') };
      return { body: { uploadUrl: `/api/uploads/${link}?signature=x`, link, expiresAt: '2026-11-25T21:00:00Z' } };
    },
    'PUT /api/uploads/creatives/1/101/:uuid/:name': { status: 204 },
  });
}

afterEach(() => vi.restoreAllMocks());
// Mantine's autosize Textarea (the review's notes) listens to document.fonts, which jsdom lacks.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

describe('creatives show what the user chose (issue 25 items 7 and 8)', () => {
  it('the hint names the types and size the check accepts: GIF for Mobile Display', () => {
    fakeServer({});
    renderWithProviders(<CreativesUpload ids={ids} product="MOB" links={[]} onChange={() => undefined} />);
    expect(screen.getByText(creativeUploadRules.MOB.hint)).toBeInTheDocument();
    expect(creativeUploadRules.MOB.hint).toMatch(/^PNG, JPG\/JPEG, GIF, WebP, max 1MB/);
  });

  it('shows the original file names (not upper-cased) with an image thumbnail, and a video poster for videos', async () => {
    fakeServer({
      'creatives/1/101/a/Spring-Sale.png': { name: 'Spring-Sale.png', type: 'image/png', sha256: 'a' },
      'creatives/1/101/b/Walkaround.mp4': { name: 'Walkaround.mp4', type: 'video/mp4', sha256: 'b' },
    });
    renderWithProviders(
      <>
        <CreativesUpload
          ids={ids}
          product="MOB"
          links={['creatives/1/101/a/Spring-Sale.png']}
          onChange={() => undefined}
        />
        <CreativesUpload
          ids={ids}
          product="VID"
          links={['creatives/1/101/b/Walkaround.mp4']}
          onChange={() => undefined}
        />
      </>,
    );
    const image = await screen.findByRole('img', { name: 'Preview of Spring-Sale.png' });
    expect(image).toHaveAttribute('src', '/api/files/creatives/1/101/a/Spring-Sale.png?sig=1');
    expect(screen.getByText('Spring-Sale.png')).toBeInTheDocument();
    const video = await screen.findByLabelText('Preview of Walkaround.mp4');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it('adds an uploaded GIF, and refuses the same file again with "This file is already added"', async () => {
    const api = fakeServer({});
    const show = vi.spyOn(notifications, 'show');
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CreativesUpload ids={ids} product="MOB" links={[]} onChange={onChange} />);
    const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['gif'], 'banner.gif', { type: 'image/gif' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const [links] = onChange.mock.calls[0] as [string[]];
    expect(links).toHaveLength(1);
    expect(show).not.toHaveBeenCalled();

    // The wizard keeps the link; the same content uploaded again under another name is refused.
    onChange.mockClear();
    const second = renderWithProviders(<CreativesUpload ids={ids} product="MOB" links={links} onChange={onChange} />);
    expect(await second.findByText('banner.gif')).toBeInTheDocument();
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type=file]');
    await user.upload(inputs[inputs.length - 1]!, new File(['gif'], 'banner-copy.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'This file is already added' })),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(true);
  });

  it('the review step shows the creatives by their original names with thumbnails', async () => {
    fakeServer({ 'creatives/1/101/a/Spring-Sale.png': { name: 'Spring-Sale.png', type: 'image/png', sha256: 'a' } });
    renderWithProviders(
      <ReviewStep
        ids={ids}
        state={{
          ...initialWizardState(),
          campaignType: 'non_inventory',
          product: 'MOB',
          customCreatives: true,
          creatives: { MOB: ['creatives/1/101/a/Spring-Sale.png'] },
        }}
        onNotes={() => undefined}
        onEdit={() => undefined}
        onBack={() => undefined}
        onNext={() => undefined}
        submitting={false}
      />,
    );
    expect(await screen.findByRole('img', { name: 'Preview of Spring-Sale.png' })).toBeInTheDocument();
    expect(screen.getByText('Spring-Sale.png')).not.toHaveStyle({ textTransform: 'uppercase' });
  });
});
