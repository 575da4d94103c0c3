import type { ComponentProps, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const control =
  'w-full rounded-md border border-border bg-surface-2 px-3 text-text placeholder:text-muted/70 focus:border-brand focus:outline-none aria-[invalid=true]:border-danger';

export function Input({ className = '', ...rest }: ComponentProps<'input'>) {
  return <input className={`${control} h-11 ${className}`} {...rest} />;
}

export function Textarea({ className = '', ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${control} min-h-20 py-2 ${className}`} {...rest} />;
}

export function Select({ className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${control} h-11 ${className}`} {...rest} />;
}
