// The module's public surface: what other modules and the app may import (lint enforces it).
export { createPaymentsService } from './payments.service.ts';
export { starsPaidAmong, type GroupStars } from './payments.repository.ts';
