import { ActionIcon, Box, Button, Checkbox, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ANNOTATION_MAX_LENGTH, type NumberedAnnotation } from '@portal/contracts';
import { ANNOTATION_COLOR, shortDateLabel, type DailyRange } from '@portal/report-charts';
import { IconNotes, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/lib/api-client';
import {
  useAnnotations,
  useCreateAnnotation,
  useDeleteAnnotation,
  useUpdateAnnotation,
  type AnnotationParams,
} from '../api/annotations';

export interface ChartNotesProps {
  params: AnnotationParams;
  /** The chart's title: names the list and its buttons for screen readers. */
  title: string;
  /** The days the chart draws: new notes are dated within them. */
  range: DailyRange;
  /** The chart's notes, numbered as its markers (`useChartNotes`). */
  notes: NumberedAnnotation[];
}

const errorText = (error: unknown) =>
  isApiError(error) ? error.message : 'The note could not be saved. Check your connection and try again.';

/** The add/edit form: a day of the drawn range (native date input, keyboard friendly) and the text. */
function NoteForm({
  range,
  initial,
  adding,
  pending,
  error,
  onSave,
  onCancel,
}: {
  range: DailyRange;
  initial: { date: string; text: string };
  adding: boolean;
  pending: boolean;
  error: unknown;
  onSave: (value: { date: string; text: string; wholeDealership: boolean }) => void;
  onCancel: () => void;
}) {
  const [date, setDate] = useState(initial.date);
  const [text, setText] = useState(initial.text);
  const [wholeDealership, setWholeDealership] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || date < range.startDate || date > range.endDate) {
      setInvalid(`Pick a day from ${shortDateLabel(range.startDate)} to ${shortDateLabel(range.endDate)}`);
      return;
    }
    if (text.trim() === '') {
      setInvalid('Write a note');
      return;
    }
    setInvalid(null);
    onSave({ date, text: text.trim(), wholeDealership });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate p="xs" bd="1px solid gray.3" style={{ borderRadius: 6 }}>
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="Date"
            value={date}
            min={range.startDate}
            max={range.endDate}
            onChange={(event) => setDate(event.currentTarget.value)}
            required
            w={170}
          />
          <Textarea
            label="Note"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={ANNOTATION_MAX_LENGTH}
            rows={2}
            required
            style={{ flex: 1, minWidth: 200 }}
            data-autofocus
            autoFocus
          />
        </Group>
        {adding ? (
          <Checkbox
            label="For every campaign of the dealership"
            checked={wholeDealership}
            onChange={(event) => setWholeDealership(event.currentTarget.checked)}
          />
        ) : null}
        {invalid || error ? (
          <Text size="sm" c="red.9" role="alert">
            {invalid ?? errorText(error)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            Save note
          </Button>
          <Button type="button" size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/**
 * The notes of a daily chart, listed under it (issue 21 §4): number (the marker's), day and text;
 * the user adds a note on a day of the drawn range, and changes or deletes the notes they may
 * (`editable`: their own, or any as an agency administrator). Loading, empty and error states.
 * Loaded lazily with the report's first daily chart.
 */
export default function ChartNotes({ params, title, range, notes }: ChartNotesProps) {
  const query = useAnnotations(params);
  const create = useCreateAnnotation(params);
  const update = useUpdateAnnotation(params);
  const remove = useDeleteAnnotation(params);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const headingId = useId();

  const startAdding = () => {
    create.reset();
    setEditing('new');
  };
  let body;
  if (query.isPending) body = <Skeleton height={16} width="60%" aria-label="Loading notes" />;
  else if (query.isError)
    body = (
      <Group gap="xs">
        <Text size="sm" c="red.9">
          Notes could not be loaded
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Group>
    );
  else if (notes.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No notes in this date range
      </Text>
    );
  else
    body = (
      <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {notes.map(({ note, label, date }) => (
          <Box component="li" key={note.id ?? `${note.kind}-${date}`} py={2}>
            {editing === note.id && note.id !== null ? (
              <NoteForm
                range={range}
                initial={{ date: note.date, text: note.text }}
                adding={false}
                pending={update.isPending}
                error={update.error}
                onCancel={() => setEditing(null)}
                onSave={({ date: day, text }) =>
                  update.mutate({ id: note.id!, date: day, text }, { onSuccess: () => setEditing(null) })
                }
              />
            ) : (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={700} c={ANNOTATION_COLOR} miw={18}>
                  {label}.
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  <Text span fw={600}>
                    {shortDateLabel(date)}
                  </Text>
                  {' · '}
                  {note.text}
                  {note.kind === 'user' && note.author_name ? (
                    <Text span c="dimmed">
                      {' '}
                      ({note.author_name}
                      {note.campaign_id === null ? ', whole dealership' : ''})
                    </Text>
                  ) : null}
                </Text>
                {note.editable && note.id !== null ? (
                  deleting === note.id ? (
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs">Delete note {label}?</Text>
                      <Button
                        size="compact-xs"
                        color="red.9"
                        loading={remove.isPending}
                        onClick={() => remove.mutate(note.id!, { onSuccess: () => setDeleting(null) })}
                      >
                        Delete
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => setDeleting(null)}>
                        Keep
                      </Button>
                    </Group>
                  ) : (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Edit note ${label} of ${title}`}
                        onClick={() => {
                          update.reset();
                          setEditing(note.id);
                        }}
                      >
                        <IconPencil size={14} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        color="red.9"
                        aria-label={`Delete note ${label} of ${title}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(note.id);
                        }}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  )
                ) : null}
              </Group>
            )}
          </Box>
        ))}
      </Box>
    );

  return (
    <Stack gap={4} mt="xs" data-testid="chart-notes">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} id={headingId}>
          Notes
        </Text>
        {editing === 'new' ? null : (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconNotes size={14} aria-hidden />}
            onClick={startAdding}
            aria-label={`Add a note to ${title}`}
          >
            Add note
          </Button>
        )}
      </Group>
      {editing === 'new' ? (
        <NoteForm
          range={range}
          initial={{ date: range.endDate, text: '' }}
          adding
          pending={create.isPending}
          error={create.error}
          onCancel={() => setEditing(null)}
          onSave={(value) => create.mutate(value, { onSuccess: () => setEditing(null) })}
        />
      ) : null}
      {remove.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {errorText(remove.error)}
        </Text>
      ) : null}
      {body}
    </Stack>
  );
}
