import { skipToken } from '@reduxjs/toolkit/query/react';
import { useAppSelector } from '../../../shell/store/hooks';
import { useGetReportQueueQuery } from '../api/reportQueue';

/** This browser's queue for the signed-in user: its id once the server knows it, or whether that failed. */
export function useReportQueue(): { queueId: string | undefined; failed: boolean } {
  const login = useAppSelector((state) => state.settings.data?.user.login);
  const { data, isError } = useGetReportQueueQuery(login ?? skipToken);
  return { queueId: data, failed: isError };
}
