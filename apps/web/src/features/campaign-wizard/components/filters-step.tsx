import {
  Accordion,
  Alert,
  Badge,
  Box,
  Checkbox,
  Group,
  Image,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import {
  buildFilterPayload,
  firstHttpsImage,
  formatDollars,
  formatInteger,
  suggestionTileLabels,
  suggestionTiles,
  vehiclePlaceholderDataUrl,
  type GroupMode,
  type InventoryFilterState,
  type InventoryVehicle,
  type SuggestionTile,
} from '@portal/contracts';
import { useMemo, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { distinct, inTile, matchesFilters, tileThumbnails } from '../utils/tiles';
import { WizardStep } from './wizard-step';

export interface FiltersStepProps {
  filters: InventoryFilterState;
  vehicles: InventoryVehicle[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onChange: (filters: InventoryFilterState) => void;
  onCancel: () => void;
  onNext: () => void;
  submitting: boolean;
}

function Thumbnail({ vehicle, image, showPrice }: { vehicle: InventoryVehicle; image: string; showPrice: boolean }) {
  const [src, setSrc] = useState(image);
  // A photo that cannot load gives way to the vehicle's make/model placeholder (no stock image).
  const placeholder = vehiclePlaceholderDataUrl(`${vehicle.year} ${vehicle.raw_make} ${vehicle.raw_model}`);
  return (
    <Paper withBorder radius="sm" p={4} data-testid="vehicle-thumbnail">
      <Image
        src={src}
        alt=""
        h={70}
        fit={src === placeholder ? 'contain' : 'cover'}
        radius="sm"
        onError={() => setSrc(placeholder)}
      />
      <Text size="xs" lineClamp={2} mt={4}>
        {vehicle.year} {vehicle.raw_make} {vehicle.raw_model}
      </Text>
      {showPrice ? (
        <Text size="xs" fw={600}>
          {vehicle.price === null ? 'No price' : formatDollars(vehicle.price)}
        </Text>
      ) : null}
    </Paper>
  );
}

/** How many matching vehicles the list draws at once (the count is always of all of them). */
const MATCH_LIST_LIMIT = 60;

/** One matching vehicle: its photo (or a make/model placeholder), year, name, price, mileage, days on lot. */
function MatchCard({ vehicle }: { vehicle: InventoryVehicle }) {
  const photo = firstHttpsImage(vehicle.image_url);
  const [failed, setFailed] = useState(false);
  const name = `${vehicle.raw_make} ${vehicle.raw_model}`;
  return (
    <Paper withBorder radius="sm" p={6} data-testid="matching-vehicle" component="li">
      {photo && !failed ? (
        <Image src={photo} alt={name} h={72} fit="cover" radius="sm" onError={() => setFailed(true)} />
      ) : (
        <Box
          h={72}
          bg="gray.1"
          style={{ borderRadius: 4, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          data-testid="vehicle-placeholder"
        >
          <Text size="xs" c="dimmed" ta="center" px={4} lineClamp={2}>
            {name}
          </Text>
        </Box>
      )}
      <Text size="xs" fw={600} mt={4} lineClamp={1} title={`${vehicle.year} ${name} ${vehicle.trim ?? ''}`.trim()}>
        {vehicle.year} {name}
      </Text>
      <Text size="xs">{vehicle.price === null ? 'No price' : formatDollars(vehicle.price)}</Text>
      <Text size="xs" c="dimmed">
        {vehicle.mileage === null ? 'Mileage unknown' : `${formatInteger(vehicle.mileage)} mi`}
        {' · '}
        {vehicle.days_on_lot === null
          ? 'days on lot unknown'
          : `${formatInteger(vehicle.days_on_lot)} day${vehicle.days_on_lot === 1 ? '' : 's'} on lot`}
      </Text>
    </Paper>
  );
}

/**
 * The vehicles the tiles and filters select, live (issue 25 item 10): their count, a scrollable
 * grid of the first ones, and — when none match — a message before Continue.
 */
function MatchingVehicles({ matches }: { matches: InventoryVehicle[] }) {
  if (matches.length === 0)
    return (
      <Alert color="orange" role="status" title="No vehicles match">
        No vehicle of the inventory matches these tiles and filters. Change them before you continue, or the campaign
        has no cars to promote.
      </Alert>
    );
  return (
    <Stack gap={6}>
      <Text fw={600} role="status" aria-live="polite" data-testid="matching-count">
        {formatInteger(matches.length)} matching vehicle{matches.length === 1 ? '' : 's'}
      </Text>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars aria-label="Matching vehicles">
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {matches.slice(0, MATCH_LIST_LIMIT).map((vehicle) => (
            <MatchCard key={vehicle.vin_number} vehicle={vehicle} />
          ))}
        </SimpleGrid>
        {matches.length > MATCH_LIST_LIMIT ? (
          <Text size="xs" c="dimmed" mt={4}>
            Showing {MATCH_LIST_LIMIT} of {formatInteger(matches.length)}.
          </Text>
        ) : null}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The advanced filter groups, as the accordion's item values. */
const filterGroups = ['makes', 'models', 'price', 'mileage', 'stock', 'age'] as const;

/** A filter group's header: its name, marked 'Customised' when the group is not 'any'. */
function GroupControl({ label, custom }: { label: string; custom: boolean }) {
  return (
    <Accordion.Control aria-label={custom ? `${label} (customised)` : label}>
      <Group gap="xs">
        <Text size="sm">{label}</Text>
        {custom ? (
          <Badge size="xs" variant="light" color="blue">
            Customised
          </Badge>
        ) : null}
      </Group>
    </Accordion.Control>
  );
}

function ModeControl({
  value,
  onChange,
  label,
}: {
  value: GroupMode;
  onChange: (m: GroupMode) => void;
  label: string;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label={`${label} filter`}
      value={value}
      onChange={(v) => onChange(v as GroupMode)}
      data={[
        { value: 'any', label: 'any' },
        { value: 'custom', label: 'custom' },
      ]}
    />
  );
}

const num = (value: string | number) => (value === '' || value === null ? null : Number(value));

/**
 * Step 3 of the inventory flow (spec 001 §2.6): suggestion tiles, the vehicles they and the
 * filters match (count and list, issue 25 item 10) and the advanced filter groups.
 */
export function FiltersStep(props: FiltersStepProps) {
  const { filters, onChange } = props;
  const vehicles = useMemo(() => props.vehicles ?? [], [props.vehicles]);
  const [shown, setShown] = useState<SuggestionTile | null>(filters.tiles[0] ?? null);
  const counts = useMemo(
    () => Object.fromEntries(suggestionTiles.map((t) => [t, vehicles.filter((v) => inTile(t, v)).length])),
    [vehicles],
  );
  const makes = useMemo(() => distinct(vehicles, (v) => v.raw_make), [vehicles]);
  const models = useMemo(() => distinct(vehicles, (v) => v.raw_model), [vehicles]);
  const thumbnails = useMemo(() => (shown ? tileThumbnails(shown, vehicles) : []), [shown, vehicles]);
  const matches = useMemo(() => {
    const payload = buildFilterPayload(filters);
    return vehicles.filter((vehicle) => matchesFilters(vehicle, payload));
  }, [vehicles, filters]);
  // Issue 25 item 11: on resume (and whenever the step opens) the customised groups are open and marked.
  const [customGroups] = useState(() => filterGroups.filter((group) => filters[group].mode === 'custom'));
  const set = <K extends keyof InventoryFilterState>(key: K, value: InventoryFilterState[K]) =>
    onChange({ ...filters, [key]: value });

  const toggleTile = (tile: SuggestionTile, checked: boolean) => {
    set('tiles', checked ? [...filters.tiles, tile] : filters.tiles.filter((t) => t !== tile));
    if (checked) setShown(tile);
  };

  return (
    <WizardStep
      title="Which cars do you want to promote?"
      onSubmit={props.onNext}
      onBack={props.onCancel}
      backLabel="Cancel"
      submitting={props.submitting}
    >
      {props.error ? (
        <ErrorState title="The inventory could not be loaded" onRetry={props.onRetry} />
      ) : props.loading ? (
        <Skeleton h={80} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {suggestionTiles.map((tile) => (
            <Paper key={tile} withBorder p="sm" radius="md">
              <Checkbox
                checked={filters.tiles.includes(tile)}
                onChange={(event) => toggleTile(tile, event.currentTarget.checked)}
                label={
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {suggestionTileLabels[tile]}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid={`tile-count-${tile}`}>
                      {formatInteger(counts[tile])} vehicles
                    </Text>
                  </Stack>
                }
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {shown && thumbnails.length > 0 ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" aria-label={`${suggestionTileLabels[shown]} examples`}>
          {thumbnails.map(({ vehicle, image }) => (
            <Thumbnail key={vehicle.vin_number} vehicle={vehicle} image={image} showPrice={shown === 'under30k'} />
          ))}
        </SimpleGrid>
      ) : null}

      {!props.loading && !props.error ? <MatchingVehicles matches={matches} /> : null}

      <Text fw={600}>Advanced filters</Text>
      <Accordion variant="contained" multiple defaultValue={customGroups}>
        <Accordion.Item value="makes">
          <GroupControl label="Makes" custom={filters.makes.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Makes"
                value={filters.makes.mode}
                onChange={(mode) => set('makes', { ...filters.makes, mode })}
              />
              {filters.makes.mode === 'custom' ? (
                <Group grow align="flex-start">
                  <MultiSelect
                    label="Allowed makes"
                    data={makes}
                    searchable
                    value={filters.makes.allowed}
                    onChange={(allowed) => set('makes', { ...filters.makes, allowed })}
                  />
                  <MultiSelect
                    label="Disallowed makes"
                    data={makes}
                    searchable
                    value={filters.makes.disallowed}
                    onChange={(disallowed) => set('makes', { ...filters.makes, disallowed })}
                  />
                </Group>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="models">
          <GroupControl label="Models" custom={filters.models.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Models"
                value={filters.models.mode}
                onChange={(mode) => set('models', { ...filters.models, mode })}
              />
              {filters.models.mode === 'custom' ? (
                <Group grow align="flex-start">
                  <MultiSelect
                    label="Allowed models"
                    data={models}
                    searchable
                    limit={200}
                    value={filters.models.allowed}
                    onChange={(allowed) => set('models', { ...filters.models, allowed })}
                  />
                  <MultiSelect
                    label="Disallowed models"
                    data={models}
                    searchable
                    limit={200}
                    value={filters.models.disallowed}
                    onChange={(disallowed) => set('models', { ...filters.models, disallowed })}
                  />
                </Group>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="price">
          <GroupControl label="Price" custom={filters.price.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Price"
                value={filters.price.mode}
                onChange={(mode) => set('price', { ...filters.price, mode })}
              />
              {filters.price.mode === 'custom' ? (
                <>
                  <Group grow>
                    <NumberInput
                      label="Lowest price"
                      prefix="$"
                      min={0}
                      thousandSeparator=","
                      value={filters.price.lowest ?? ''}
                      onChange={(v) => set('price', { ...filters.price, lowest: num(v) })}
                    />
                    <NumberInput
                      label="Highest price"
                      prefix="$"
                      min={0}
                      thousandSeparator=","
                      value={filters.price.highest ?? ''}
                      onChange={(v) => set('price', { ...filters.price, highest: num(v) })}
                    />
                  </Group>
                  <Radio.Group
                    label="Exclude vehicles with no price?"
                    value={filters.price.excludeNoPrice ? 'yes' : 'no'}
                    onChange={(v) => set('price', { ...filters.price, excludeNoPrice: v === 'yes' })}
                  >
                    <Group mt={4}>
                      <Radio value="yes" label="Yes" />
                      <Radio value="no" label="No" />
                    </Group>
                  </Radio.Group>
                </>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="mileage">
          <GroupControl label="Mileage" custom={filters.mileage.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Mileage"
                value={filters.mileage.mode}
                onChange={(mode) => set('mileage', { ...filters.mileage, mode })}
              />
              {filters.mileage.mode === 'custom' ? (
                <Group grow>
                  <NumberInput
                    label="Lowest mileage"
                    min={0}
                    thousandSeparator=","
                    value={filters.mileage.lowest ?? ''}
                    onChange={(v) => set('mileage', { ...filters.mileage, lowest: num(v) })}
                  />
                  <NumberInput
                    label="Highest mileage"
                    min={0}
                    thousandSeparator=","
                    value={filters.mileage.highest ?? ''}
                    onChange={(v) => set('mileage', { ...filters.mileage, highest: num(v) })}
                  />
                </Group>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="stock">
          <GroupControl label="Stock Number Prefixes" custom={filters.stock.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Stock Number Prefixes"
                value={filters.stock.mode}
                onChange={(mode) => set('stock', { ...filters.stock, mode })}
              />
              {filters.stock.mode === 'custom' ? (
                <Group grow align="flex-start">
                  <TagsInput
                    label="Allowed prefixes"
                    value={filters.stock.allowed}
                    onChange={(allowed) => set('stock', { ...filters.stock, allowed })}
                  />
                  <TagsInput
                    label="Disallowed prefixes"
                    value={filters.stock.disallowed}
                    onChange={(disallowed) => set('stock', { ...filters.stock, disallowed })}
                  />
                </Group>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="age">
          <GroupControl label="Days on Lot" custom={filters.age.mode === 'custom'} />
          <Accordion.Panel>
            <Stack gap="xs">
              <ModeControl
                label="Days on Lot"
                value={filters.age.mode}
                onChange={(mode) => set('age', { ...filters.age, mode })}
              />
              {filters.age.mode === 'custom' ? (
                <>
                  <Group grow>
                    <NumberInput
                      label="Minimum days"
                      min={0}
                      value={filters.age.min ?? ''}
                      onChange={(v) => set('age', { ...filters.age, min: num(v) })}
                    />
                    <NumberInput
                      label="Maximum days"
                      min={0}
                      disabled={filters.age.sixtyDays}
                      value={filters.age.max ?? ''}
                      onChange={(v) => set('age', { ...filters.age, max: num(v) })}
                    />
                  </Group>
                  <Checkbox
                    label="60 days or less"
                    checked={filters.age.sixtyDays}
                    onChange={(e) => set('age', { ...filters.age, sixtyDays: e.currentTarget.checked })}
                  />
                </>
              ) : null}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </WizardStep>
  );
}
