// Kysely queries compiled once per dialect and run many times with new values: the hot writes of the server
// functions skip building and compiling the same SQL for every request. Each value is a named parameter; the SQL
// text is Kysely's, for the dialect of the transaction (or connection pool) that runs it.
import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import type { Schema } from "./schema.ts";

export interface CompiledOnce<Args> {
  execute<Row>(executor: Kysely<Schema>, dialect: string, args: Args): Promise<QueryResult<Row>>;
}

export interface CompiledRowsOnce<Row> {
  /** Runs the statement for these rows (compiled once per dialect and number of rows). */
  execute<Result>(
    executor: Kysely<Schema>,
    dialect: string,
    rows: readonly Row[],
  ): Promise<QueryResult<Result>>;
}

const marker = (name: string) => `\u0001${name}\u0001`;

/**
 * Compiles the query built with a marker in place of every named value, and returns which name each parameter
 * holds. A name that Kysely did not turn into a parameter is refused (its value would be frozen into the SQL),
 * as is a parameter that is not a name's.
 */
function compileMarked(
  names: readonly string[],
  build: (placeholder: (name: string) => string) => Compilable<unknown>,
): { compiled: CompiledQuery; order: string[] } {
  const compiled = build(marker).compile();
  const byMarker = new Map(names.map((name) => [marker(name), name]));
  const order = compiled.parameters.map((parameter) => {
    const name = typeof parameter === "string" ? byMarker.get(parameter) : undefined;
    if (name === undefined) {
      throw new Error(`compileOnce: a parameter of "${compiled.sql}" is not a named value`);
    }
    return name;
  });
  const used = new Set(order);
  for (const name of names) {
    if (!used.has(name)) {
      throw new Error(`compileOnce: "${name}" is not a parameter of "${compiled.sql}"`);
    }
  }
  return { compiled, order };
}

function withParameters<Row>(compiled: CompiledQuery, parameters: unknown[]): CompiledQuery<Row> {
  return { query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters };
}

export function compileOnce<Args extends object>(
  names: readonly (keyof Args & string)[],
  build: (executor: Kysely<Schema>, args: Args) => Compilable<unknown>,
): CompiledOnce<Args> {
  const byDialect = new Map<string, { compiled: CompiledQuery; order: string[] }>();
  return {
    execute<Row>(executor: Kysely<Schema>, dialect: string, args: Args) {
      let entry = byDialect.get(dialect);
      if (!entry) {
        entry = compileMarked(names, (placeholder) =>
          build(
            executor,
            Object.fromEntries(names.map((name) => [name, placeholder(name)])) as Args,
          ),
        );
        byDialect.set(dialect, entry);
      }
      const values = args as Record<string, unknown>;
      return executor.executeQuery(
        withParameters<Row>(
          entry.compiled,
          entry.order.map((name) => values[name]),
        ),
      );
    },
  };
}

/**
 * A statement over many rows (a multi-row INSERT), compiled once per dialect and number of rows; `columns` are
 * each row's values. At most `maxShapes` row counts are kept.
 */
export function compileRowsOnce<Row extends object>(
  columns: readonly (keyof Row & string)[],
  build: (executor: Kysely<Schema>, rows: Row[]) => Compilable<unknown>,
  maxShapes = 64,
): CompiledRowsOnce<Row> {
  const byShape = new Map<string, { compiled: CompiledQuery; cells: [number, string][] }>();
  return {
    execute<Result>(executor: Kysely<Schema>, dialect: string, rows: readonly Row[]) {
      const shape = `${dialect}:${rows.length}`;
      let entry = byShape.get(shape);
      if (!entry) {
        const names = rows.flatMap((_, index) => columns.map((column) => `${index}.${column}`));
        const { compiled, order } = compileMarked(names, (placeholder) =>
          build(
            executor,
            rows.map(
              (_, index) =>
                Object.fromEntries(
                  columns.map((column) => [column, placeholder(`${index}.${column}`)]),
                ) as Row,
            ),
          ),
        );
        const cells = order.map((name): [number, string] => {
          const dot = name.indexOf(".");
          return [Number(name.slice(0, dot)), name.slice(dot + 1)];
        });
        if (byShape.size >= maxShapes) byShape.clear();
        entry = { compiled, cells };
        byShape.set(shape, entry);
      }
      return executor.executeQuery(
        withParameters<Result>(
          entry.compiled,
          entry.cells.map(([index, column]) => (rows[index] as Record<string, unknown>)[column]),
        ),
      );
    },
  };
}
