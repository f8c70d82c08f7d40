import { Badge, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import {
  creativeAccept,
  creativeFileError,
  creativeMessages,
  creativeSlots,
  creativeUploadRules,
  type NonInventoryProductCode,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadCreative } from '../api/creatives';
import type { TenantIds } from '../api/drafts';
import { creativeFilesQueryOptions, useCreativeFiles } from '../api/get-creative-files';
import { CreativeFileRows } from './creative-files';

export interface CreativesUploadProps {
  ids: TenantIds;
  product: NonInventoryProductCode;
  links: string[];
  onChange: (links: string[]) => void;
}

/**
 * The creative slots of a non-inventory product (mob 3, ott 1, vid 2, aud 3). Each file is checked
 * in the browser (spaces, type, size: the spec's toasts), then uploaded to a signed URL; the server
 * checks it again. Each creative shows its original file name and a thumbnail (issue 25 item 8); a
 * file whose content (SHA-256, from the server after the upload) is already among them is refused
 * with 'This file is already added' (the server refuses it too when it is recorded on the draft).
 */
export function CreativesUpload({ ids, product, links, onChange }: CreativesUploadProps) {
  const [uploading, setUploading] = useState(0);
  const slots = creativeSlots[product];
  const rule = creativeUploadRules[product];
  const free = slots - links.length - uploading;
  const queryClient = useQueryClient();
  const creativeFiles = useCreativeFiles(ids, links);

  const accept = async (files: File[]) => {
    const next = [...links];
    for (const file of files) {
      const error = creativeFileError(product, file);
      if (error) {
        notifications.show({ color: 'red', message: error });
        continue;
      }
      if (next.length >= slots) {
        notifications.show({ color: 'red', message: `You can upload up to ${slots} files` });
        break;
      }
      setUploading((n) => n + 1);
      try {
        const link = await uploadCreative(ids, product, file);
        const described = await queryClient.fetchQuery(creativeFilesQueryOptions(ids, [...next, link]));
        const hashOf = (l: string) => described.files.find((f) => f.link === l)?.sha256 ?? null;
        const hash = hashOf(link);
        if (hash !== null && next.some((l) => hashOf(l) === hash)) {
          notifications.show({ color: 'red', message: creativeMessages.duplicate });
          continue;
        }
        next.push(link);
        onChange([...next]);
      } catch (error) {
        notifications.show({ color: 'red', message: (error as Error).message });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Creatives ({links.length}/{slots})
      </Text>
      <CreativeFileRows
        links={links}
        files={creativeFiles.data?.files}
        actions={(link, name) => (
          <>
            <Badge color="green" variant="light">
              Uploaded
            </Badge>
            <CloseButton aria-label={`Remove ${name}`} onClick={() => onChange(links.filter((l) => l !== link))} />
          </>
        )}
      />
      {free > 0 ? (
        <Dropzone
          onDrop={(files) => void accept(files)}
          // The file chooser offers the product's kind of creative only (the contracts' allow-list);
          // a refused file gets the spec's message, as creativeFileError gives it for size and spaces.
          accept={creativeAccept(product)}
          onReject={(rejections) => {
            const messages = new Set(
              rejections.map(({ file, errors }) =>
                errors.some((e) => e.code === 'too-many-files')
                  ? `You can upload up to ${slots} files`
                  : (creativeFileError(product, file) ?? creativeMessages.wrongType),
              ),
            );
            for (const message of messages) notifications.show({ color: 'red', message });
          }}
          multiple={free > 1}
          aria-label="Upload creatives"
          loading={uploading > 0}
        >
          <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
            {uploading > 0 ? <Loader size="sm" /> : <IconUpload size={28} aria-hidden />}
            <Stack gap={2}>
              <Text size="sm">Drag files here or click to select ({free} left)</Text>
              <Text size="xs" c="dimmed">
                {rule.hint}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      ) : null}
    </Stack>
  );
}
