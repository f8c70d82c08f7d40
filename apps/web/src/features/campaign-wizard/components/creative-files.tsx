import { Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMusic, IconPhoto } from '@tabler/icons-react';
import type { CreativeFile } from '@portal/contracts';
import type { ReactNode } from 'react';

const THUMBNAIL = 56;

/** The link's last segment: shown only until the server has answered with the original name. */
export const keyFileName = (link: string) => link.split('/').pop() ?? link;

/**
 * A thumbnail of an uploaded creative (issue 25 item 8): the image itself, a video's poster frame
 * (`<video preload="metadata">`, the first frame where the browser can draw one) or an audio icon.
 */
export function CreativeThumbnail({ file, name }: { file: CreativeFile | undefined; name: string }) {
  // A border, so a white or transparent creative still shows where it is.
  const frame = {
    width: THUMBNAIL,
    height: THUMBNAIL,
    objectFit: 'cover' as const,
    borderRadius: 4,
    border: '1px solid var(--mantine-color-gray-3)',
  };
  if (file?.content_type.startsWith('image/')) return <img src={file.url} alt={`Preview of ${name}`} style={frame} />;
  if (file?.content_type.startsWith('video/'))
    return <video src={`${file.url}#t=0.1`} preload="metadata" muted aria-label={`Preview of ${name}`} style={frame} />;
  return (
    <ThemeIcon variant="light" size={THUMBNAIL} aria-hidden>
      {file?.content_type.startsWith('audio/') ? <IconMusic /> : <IconPhoto />}
    </ThemeIcon>
  );
}

export interface CreativeFileRowsProps {
  links: string[];
  /** The server's description of the links (`useCreativeFiles`), when it has answered. */
  files: CreativeFile[] | undefined;
  /** Shown at the right of each row (status, remove button). */
  actions?: (link: string, name: string) => ReactNode;
}

/** One row per creative: thumbnail and the original file name, as uploaded (not upper-cased). */
export function CreativeFileRows({ links, files, actions }: CreativeFileRowsProps) {
  const byLink = new Map((files ?? []).map((f) => [f.link, f]));
  return (
    <Stack gap="xs">
      {links.map((link) => {
        const file = byLink.get(link);
        const name = file?.file_name ?? keyFileName(link);
        return (
          <Paper key={link} withBorder p="xs" radius="sm" data-testid="creative-file">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Box style={{ flex: 'none' }}>
                  <CreativeThumbnail file={file} name={name} />
                </Box>
                <Text size="sm" truncate tt="none">
                  {name}
                </Text>
              </Group>
              {actions ? (
                <Group gap="xs" wrap="nowrap">
                  {actions(link, name)}
                </Group>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
