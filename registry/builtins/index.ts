import { registerClass, type PluginRegistration } from '../registration';
import { FsListDirToolFactory, FsReadFileToolFactory } from './fs-tools';
import { TodoReadToolFactory, TodoWriteToolFactory } from './todo';
import { ToolSearchToolFactory } from './tool-search';
import { WordCountToolFactory } from './word-count';

export {
  InMemoryTodoListService,
  TODO_LIST_SERVICE,
  type TodoItem,
  type TodoListKey,
  type TodoListService,
  type TodoStatus,
} from './todo-list-service';
export { TodoReadToolFactory, TodoWriteToolFactory } from './todo';
export { FsListDirToolFactory, FsReadFileToolFactory } from './fs-tools';
export { DEFAULT_MAX_BYTES } from './fs-settings';
export { FS_ALLOWED_ROOTS_SETTING, parseAllowedRoots } from './fs-policy';
export { ToolSearchToolFactory } from './tool-search';
export { WordCountToolFactory } from './word-count';

/** The built-in tools, entering the registry the same way plugins do. */
export function builtinRegistrations(): PluginRegistration[] {
  return [
    registerClass('builtin', 'factory', WordCountToolFactory, 'WordCountToolFactory'),
    registerClass('builtin', 'factory', TodoReadToolFactory, 'TodoReadToolFactory'),
    registerClass('builtin', 'factory', TodoWriteToolFactory, 'TodoWriteToolFactory'),
    registerClass('builtin', 'factory', FsReadFileToolFactory, 'FsReadFileToolFactory'),
    registerClass('builtin', 'factory', FsListDirToolFactory, 'FsListDirToolFactory'),
    registerClass('builtin', 'factory', ToolSearchToolFactory, 'ToolSearchToolFactory'),
  ];
}
