/**
 * newsreader_snippet (migration v9, decision 51) against ts_headline over the whole field: for a word that occurs
 * once or first far into a long body, the cut part must give the passage the whole field gives, marks included, on
 * the shapes whose first hit a finder could miss (a stem in -ie, a prefix, a word after an underscore, which
 * PostgreSQL's parser splits and a regular expression's word start does not).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIT_END, HIT_START } from '../../server/store/fts-query';
import { HEADLINE_OPTIONS } from '../../server/store/postgres/postgres-rows';
import { openPostgresStore } from '../../server/store/postgres/postgres-store';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const filler = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name} ${i} drifted past the quiet pier.`).join(' ');

/** Bodies well over the 1,200 characters from which the function cuts, each with its query. */
const CASES: ReadonlyArray<{ readonly name: string; readonly body: string; readonly query: string }> = [
  {
    name: 'one word far in',
    body: `${filler('Boats', 30)} The aldermen met at noon. ${filler('Ferries', 30)}`,
    query: "to_tsquery('english', 'aldermen')",
  },
  {
    name: 'a stem in -ie',
    body: `${filler('Boats', 30)} The old lamps were dying out. ${filler('Ferries', 30)} The lamp died.`,
    query: "to_tsquery('english', 'die')",
  },
  {
    name: 'a prefix',
    body: `${filler('Boats', 30)} A festival of lanterns began. ${filler('Ferries', 30)}`,
    query: "to_tsquery('english', 'fest:*')",
  },
  {
    name: 'a word first met after an underscore',
    body: `The field climate_user was renamed. ${filler('Boats', 30)} Each user of the harbour paid. ${filler('Ferries', 30)}`,
    query: "to_tsquery('english', 'user')",
  },
  {
    name: 'two words side by side far in',
    body: `${filler('Boats', 30)} The copper lanterns glowed. ${filler('Ferries', 30)}`,
    query: "plainto_tsquery('english', 'copper lanterns')",
  },
];

describe('PostgreSQL: the snippet of a long field', () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The store's start applies the migrations, newsreader_snippet's among them.
    await (await openPostgresStore(database.url)).close();
    client = new pg.Client(database.url);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it.each(CASES)('gives the whole field’s passage: $name', async ({ body, query }) => {
    expect(body.length).toBeGreaterThan(1_200);
    const { rows } = await client.query<{ cut: string; whole: string }>(
      `SELECT newsreader_snippet($1, ${query}, $2, $3) AS cut, ts_headline('english', $1, ${query}, $2) AS whole`,
      [body, HEADLINE_OPTIONS, `${HIT_START}${HIT_END}`],
    );
    const { cut, whole } = rows[0]!;
    expect(whole).toContain(HIT_START);
    expect(cut).toBe(whole);
  });
});
