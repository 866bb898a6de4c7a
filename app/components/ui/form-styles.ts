// Classes shared by the site's form fields (the contact form, the fee calculator).
export const inputClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700";
