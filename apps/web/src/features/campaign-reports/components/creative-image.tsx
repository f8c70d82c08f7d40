import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

export interface CreativeImageProps {
  src: string | null;
  alt: string;
  height: number;
  width?: number | string;
  fit?: 'contain' | 'cover';
  /**
   * Shown instead when there is no image or it fails to load (e.g. a vehicle's make/model
   * placeholder, `vehiclePlaceholderDataUrl`); without it, a grey "image not available" box.
   */
  fallbackSrc?: string;
}

/** An ad or vehicle image; a placeholder when there is none or it fails to load. */
export function CreativeImage({ src, alt, height, width = '100%', fit = 'contain', fallbackSrc }: CreativeImageProps) {
  const [failed, setFailed] = useState(false);
  if ((!src || failed) && fallbackSrc) {
    return (
      <Image
        src={fallbackSrc}
        alt={`${alt} (no photo)`}
        h={height}
        w={width}
        fit="contain"
        radius="sm"
        bg="gray.1"
        data-placeholder
      />
    );
  }
  if (!src || failed) {
    return (
      <Center
        h={height}
        w={width}
        bg="gray.1"
        c="gray.6"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        role="img"
        aria-label={`${alt} (image not available)`}
        data-placeholder
      >
        <IconPhotoOff size={Math.min(32, height / 2)} aria-hidden />
      </Center>
    );
  }
  return (
    <Image src={src} alt={alt} h={height} w={width} fit={fit} radius="sm" bg="gray.0" onError={() => setFailed(true)} />
  );
}
