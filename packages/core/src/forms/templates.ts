import type { FormObjectType, FormTemplate } from './template';

export const SHIPPED_TEMPLATES: FormTemplate[] = [];

export function shippedTemplate(objectType: FormObjectType, standardId?: string | null): FormTemplate | undefined {
  return SHIPPED_TEMPLATES.find(
    (t) => t.objectType === objectType && (standardId == null || t.standardId === standardId),
  );
}
