import {
  IconBrandFacebook,
  IconBrandGoogle,
  IconDeviceMobile,
  IconDeviceTv,
  IconHeadphones,
  IconLayoutGrid,
  IconPlayerPlay,
  IconSearch,
} from '@tabler/icons-react';
import type { WizardProductCode } from '@portal/contracts';
import type { ReactNode } from 'react';

/** Product icons (spec 001 §2.5). */
export function productIcon(code: WizardProductCode, size = 20): ReactNode {
  const props = { size, 'aria-hidden': true } as const;
  switch (code) {
    case 'VLA':
      return <IconBrandGoogle {...props} />;
    case 'DYN':
      return <IconBrandFacebook {...props} />;
    case 'INV':
      return <IconSearch {...props} />;
    case 'DYD':
      return <IconLayoutGrid {...props} />;
    case 'MOB':
      return <IconDeviceMobile {...props} />;
    case 'OTT':
      return <IconDeviceTv {...props} />;
    case 'VID':
      return <IconPlayerPlay {...props} />;
    case 'AUD':
      return <IconHeadphones {...props} />;
  }
}

/** The example ad shown for a product (static artwork shipped with the web app). */
export const exampleAdImage: Record<WizardProductCode, string> = {
  VLA: '/demo-creatives/101-used-inventory-1080x1080-v2.svg',
  DYN: '/demo-creatives/102-used-inventory-1200x628-v1.svg',
  INV: '/demo-creatives/101-used-inventory-728x90-v1.svg',
  DYD: '/demo-creatives/101-used-inventory-300x250-v1.svg',
  MOB: '/demo-creatives/106-certified-320x50-v1.svg',
  OTT: '/demo-creatives/101-financing-1920x1080-v1.svg',
  VID: '/demo-creatives/101-trade-in-1280x720-v1.svg',
  AUD: '/demo-creatives/101-weekend-sale-1200x628-v2.svg',
};
