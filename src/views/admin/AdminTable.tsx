/** The admin's list tables (registrants, audit log, editions, content lists): one look, one header row. */
import type { ReactNode } from 'react';

export function AdminTable({ columns, className = '', children }: { columns: string[]; className?: string; children: ReactNode }) {
  return (
    <table
      className={`${className ? `${className} ` : ''}w-full border-collapse overflow-hidden rounded-2xl bg-white text-left text-sm shadow-sm ring-1 ring-ink/10`}
    >
      <thead className="bg-surface">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
