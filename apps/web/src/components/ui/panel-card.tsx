/** The card a panel below a record's details sits in (members, statements, SSN). */
export const panelCard = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';
