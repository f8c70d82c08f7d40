import { Box, getSpacing, rem, TableTh, type BoxProps, type MantineSpacing } from '@mantine/core';
import {
  createContext,
  useContext,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type JSX,
  type ReactNode,
} from 'react';

/**
 * Mantine's `Table` look without Mantine's `Table` (docs/performance.md): `Table` carries
 * `Table.ScrollContainer`, which imports Mantine's `ScrollArea` and with it Floating UI, so a page
 * that renders a `Table` loads them first. These are the same elements with Mantine's own table
 * classes (taken from `TableTh`, a part that imports neither) and the attributes `Table` sets:
 * rows have borders, `highlightOnHover` shades the hovered body row.
 */
const classes = TableTh.classes;

const HoverContext = createContext(false);

type ElementProps<E extends keyof JSX.IntrinsicElements> = BoxProps & Omit<ComponentPropsWithoutRef<E>, keyof BoxProps>;

function withClass(base: string | undefined, className: string | undefined) {
  return className ? `${base} ${className}` : base;
}

export interface PlainTableProps extends ElementProps<'table'> {
  /** Padding above and below each cell's content, as Mantine `Table`'s `verticalSpacing` (7 px by default). */
  verticalSpacing?: MantineSpacing;
  highlightOnHover?: boolean;
}

export function PlainTable({
  verticalSpacing = 7,
  highlightOnHover = false,
  className,
  style,
  ...others
}: PlainTableProps) {
  const vars = { '--table-vertical-spacing': getSpacing(verticalSpacing) } as CSSProperties;
  return (
    <HoverContext.Provider value={highlightOnHover}>
      <Box component="table" className={withClass(classes.table, className)} style={[vars, style]} {...others} />
    </HoverContext.Provider>
  );
}

export function PlainThead({ className, ...others }: ElementProps<'thead'>) {
  return <Box component="thead" className={withClass(classes.thead, className)} {...others} />;
}

export function PlainTbody({ className, ...others }: ElementProps<'tbody'>) {
  return <Box component="tbody" className={withClass(classes.tbody, className)} {...others} />;
}

export function PlainTr({ className, ...others }: ElementProps<'tr'>) {
  const hover = useContext(HoverContext);
  return (
    <Box
      component="tr"
      className={withClass(classes.tr, className)}
      data-with-row-border
      data-hover={hover || undefined}
      {...others}
    />
  );
}

export function PlainTh({ className, ...others }: ElementProps<'th'>) {
  return <Box component="th" className={withClass(classes.th, className)} {...others} />;
}

export function PlainTd({ className, ...others }: ElementProps<'td'>) {
  return <Box component="td" className={withClass(classes.td, className)} {...others} />;
}

/**
 * Scrolls a wide table sideways below `minWidth` (px), as `Table.ScrollContainer type="native"`:
 * the browser's own scrollbar instead of Mantine's `ScrollArea`. The space below the table is the
 * one `Table.ScrollContainer` keeps for its scrollbar (12 px), so the page looks as it did.
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const vars = { '--table-overflow': 'auto', paddingBottom: rem(12) } as CSSProperties;
  return (
    <div className={classes.scrollContainer} style={vars}>
      <div className={classes.scrollContainerInner} style={{ '--table-min-width': rem(minWidth) } as CSSProperties}>
        {children}
      </div>
    </div>
  );
}
