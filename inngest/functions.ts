/** Every registry job as an Inngest function, on the app's production wiring. */
import { jobDeps } from '../server/composition';
import { jobs } from '../server/jobs/registry';
import { inngestFunction } from './function';

export const functions = jobs.map((job) => inngestFunction(job, jobDeps));
