import { describe, expect, it } from 'vitest';
import { vehiclePlaceholderDataUrl, vehiclePlaceholderLines, vehiclePlaceholderSvg } from '../src';

describe('vehicle placeholder (issue 20 §6)', () => {
  it('names the vehicle: year, make and model first, the rest on a second line', () => {
    expect(vehiclePlaceholderLines('2019 Ford Edge Titanium')).toEqual(['2019 Ford Edge', 'Titanium']);
    expect(vehiclePlaceholderLines('Ford Edge')).toEqual(['Ford Edge', '']);
    expect(vehiclePlaceholderLines('  ')).toEqual(['Vehicle', '']);
    const [, long] = vehiclePlaceholderLines('2020 Bentley Continental Flying Spur Mulliner Edition With Extra Words');
    expect(long.length).toBeLessThanOrEqual(34);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is a self-contained SVG with the escaped description and no external reference', () => {
    const svg = vehiclePlaceholderSvg('2018 Mercedes-Benz C-Class <AMG> & "Co"');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('2018 Mercedes-Benz C-Class');
    expect(svg).toContain('&lt;AMG&gt; &amp; &quot;Co&quot;');
    expect(svg).toContain('No photo available');
    expect(svg).not.toMatch(/href|url\(|<image/);
    expect(decodeURIComponent(vehiclePlaceholderDataUrl('2019 Ford Edge').split(',')[1]!)).toBe(
      vehiclePlaceholderSvg('2019 Ford Edge'),
    );
  });
});
