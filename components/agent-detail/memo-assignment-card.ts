'use client';

import { memo } from 'react';
import { AssignmentCard } from './assignment-card';
import { isSameCard } from './same-card';

/** A card re-renders only when its own tool, state or form changes, not when another card's form opens. */
export const MemoAssignmentCard = memo(AssignmentCard, isSameCard);
