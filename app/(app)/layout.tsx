import type { ReactNode } from 'react';
import { TrpcProvider } from '../_lib/trpc-provider';

export default function AppLayout({ children }: { children: ReactNode }) {
  return <TrpcProvider>{children}</TrpcProvider>;
}
