/** The critical confirmation of deleting tasks, on the schedule page and the log page alike. */
export const DELETE_CONFIRM = {
  type: 'critical' as const,
  title: 'Delete tasks',
  text: 'Are you sure you want to delete the selected task(s) (and associated logs)?',
  checkboxLabel: 'Yes, I want to delete this task(s)',
};
