// A Kysely query compiled once per dialect and run many times with new values: the hot writes of the server
// functions skip building and compiling the same SQL for every request. Each value is a named parameter; the SQL
// text is Kysely's, for the dialect of the transaction that runs it.
import type { Compilable, CompiledQuery, QueryResult, Transaction } from "kysely";
import type { Schema } from "./schema.ts";

export interface CompiledOnce<Args> {
  execute<Row>(trx: Transaction<Schema>, dialect: string, args: Args): Promise<QueryResult<Row>>;
}

const marker = (name: string) => `\u0001${name}\u0001`;

/**
 * Builds the query with a marker in place of every value of `names`, compiles it, and keeps which parameter is
 * which. A value that Kysely did not turn into a parameter is refused (it would be frozen into the SQL).
 */
export function compileOnce<Args extends object>(
  names: readonly (keyof Args & string)[],
  build: (trx: Transaction<Schema>, args: Args) => Compilable<unknown>,
): CompiledOnce<Args> {
  const byDialect = new Map<string, { compiled: CompiledQuery; order: (keyof Args & string)[] }>();

  const compile = (trx: Transaction<Schema>) => {
    const placeholders = Object.fromEntries(names.map((name) => [name, marker(name)]));
    const compiled = build(trx, placeholders as unknown as Args).compile();
    const order = compiled.parameters.map((parameter) => {
      const name = names.find((candidate) => marker(candidate) === parameter);
      if (name === undefined) {
        throw new Error(`compileOnce: a parameter of "${compiled.sql}" is not a named value`);
      }
      return name;
    });
    for (const name of names) {
      if (!order.includes(name)) {
        throw new Error(`compileOnce: "${name}" is not a parameter of "${compiled.sql}"`);
      }
    }
    return { compiled, order };
  };

  return {
    execute<Row>(trx: Transaction<Schema>, dialect: string, args: Args) {
      let entry = byDialect.get(dialect);
      if (!entry) {
        entry = compile(trx);
        byDialect.set(dialect, entry);
      }
      const { compiled, order } = entry;
      const query: CompiledQuery<Row> = {
        query: compiled.query,
        queryId: compiled.queryId,
        sql: compiled.sql,
        parameters: order.map((name) => args[name]),
      };
      return trx.executeQuery(query);
    },
  };
}
